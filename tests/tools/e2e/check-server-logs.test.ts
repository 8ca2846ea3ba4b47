/**
 * The check the end-to-end run ends with (tests/e2e/check-server-logs.ts): it fails on a server log holding what
 * the tests typed, or shaped like an email or a phone number, naming the file, line and kind but not the value; on a
 * missing or empty log; and passes the lines a server writes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { logProblems } from '../../e2e/check-server-logs.ts';
import { tempDir } from '../../support/server-harness.ts';

/** Writes the files into a temp folder and returns the problems the check finds in them. */
function check(files: Record<string, string>): string[] {
  const dir = tempDir();
  onTestFinished(dir.remove);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir.path, name), text);
  return logProblems(dir.path, Object.keys(files));
}

// Lines as the server writes them: ids, times, durations, paths.
const CLEAN = [
  '{"level":30,"time":1763827200123,"pid":41234,"hostname":"ci","msg":"database migrated","applied":["001-leads"]}',
  '{"level":30,"time":1763827201456,"pid":41234,"reqId":"req-1","req":{"method":"POST","path":"/api/v1/leads/trigger"},"msg":"incoming request"}',
  '{"level":30,"time":1763827201789,"pid":41234,"leadId":"0b9c2f1e-4d3a-4e5f-8a7b-123456789012","msg":"lead stored"}',
  // A lead id with ten digits in a row between its letters.
  '{"level":30,"time":1763827201790,"pid":41234,"leadId":"9e1d0c3a-2b4f-4c6d-9e8f-7b5444996502","msg":"lead delivered"}',
  '{"level":30,"time":1763827201790,"pid":41234,"reqId":"req-1","res":{"statusCode":201},"responseTime":12.1234567891,"msg":"request completed"}',
  '{"level":30,"time":1763827202000,"pid":41234,"leadsPurged":0,"evidenceDeleted":0,"msg":"retention purge done"}',
].join('\n');

describe('the end-to-end log check', () => {
  it('passes the lines a server writes', () => {
    expect(check({ 'app.log': CLEAN, 'dev-app.log': CLEAN })).toEqual([]);
  });

  it.each([
    ['"email":"mary.v1.typed.phone@example.com"', 'an email address'],
    ['"phone":"2125550123"', 'a phone number'],
    ['"phone":"(212) 555-0123"', 'a phone number'],
    ['"phone":"212-555-0123"', 'a phone number'],
    ['"first_name":"Mary"', 'the first name typed'],
    ['"last_name":"sm1th"', 'the last name typed'],
    ['"business_name":"Acme Tools"', 'the business name typed'],
    ['"street_address":"1600 Amphitheatre Pkwy"', 'the street address typed'],
  ])('names the file, line and kind of %s without the value', (field, kind) => {
    const problems = check({ 'app.log': `${CLEAN}\n{"level":50,${field},"msg":"lead refused"}\n` });
    expect(problems).toContain(`app.log line 7 holds ${kind}`);
    expect(problems.join('\n')).not.toContain(field.split(':')[1]);
  });

  it('does not take a word that contains a name for the name', () => {
    expect(check({ 'app.log': '{"msg":"summary of the blacksmith\'s queue"}' })).toEqual([]);
  });

  it('fails on a missing or empty log, which would pass any check', () => {
    const dir = tempDir();
    onTestFinished(dir.remove);
    writeFileSync(join(dir.path, 'empty.log'), '\n');
    expect(logProblems(dir.path, ['empty.log', 'missing.log'])).toEqual([
      "empty.log is empty: the server's log was not captured",
      "missing.log is missing: the server's log was not captured",
    ]);
  });
});
