import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { e164UsPhone, hashedUserData, normalisedEmail } from '../../../site/third-party/enhanced-conversions.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("the lead's email and phone for enhanced conversions", () => {
  it('normalise emails as Google specifies: trimmed, lower-cased, no dots before a Gmail address', () => {
    expect(normalisedEmail('  Mary.Smith@Example.COM ')).toBe('mary.smith@example.com');
    expect(normalisedEmail('Mary.Smith+ads@GMail.com')).toBe('marysmith+ads@gmail.com');
    expect(normalisedEmail('m.a.r.y@googlemail.com')).toBe('mary@googlemail.com');
    expect(normalisedEmail('not an email')).toBeUndefined();
  });

  it('write US phones in E.164', () => {
    expect(e164UsPhone('212-555-0123')).toBe('+12125550123');
    expect(e164UsPhone('(212) 555-0123')).toBe('+12125550123');
    expect(e164UsPhone('1 212 555 0123')).toBe('+12125550123');
    expect(e164UsPhone('555-0123')).toBeUndefined();
  });

  it('are hashed with SHA-256 in hex, and an unusable answer is left out', async () => {
    expect(await hashedUserData({ email: ' Mary.Smith@gmail.com', phone: '212-555-0123' })).toEqual({
      sha256_email_address: sha256('marysmith@gmail.com'),
      sha256_phone_number: sha256('+12125550123'),
    });
    expect(await hashedUserData({ email: 'mary@example.com', phone: 12 })).toEqual({
      sha256_email_address: sha256('mary@example.com'),
    });
    expect(await hashedUserData({})).toEqual({});
  });
});
