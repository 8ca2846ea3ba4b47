/**
 * HTML a visitor types, or a marketer writes into server/page/content/, never becomes markup on the page. The thank-you
 * message is the one place visitor text meets HTML: the content's template (cut to the allowlist when the server reads
 * it), filled with the visitor's names by the phone step's submit, shown by the thank-you widget as HTML. Each test
 * runs that whole chain and looks at the DOM the visitor gets.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionInput } from '../../../engine/actions/action.ts';
import { submitLead } from '../../../engine/actions/submit-lead.ts';
import type { ThankYouSettings } from '../../../contracts/api.ts';
import type { Flow } from '../../../engine/flow/definition.ts';
import { loadSiteContent } from '../../../server/page/site-content.ts';
import { ThankYou } from '../../../widgets/thank-you/ThankYou.tsx';
import flowFile from '../../../flows/business-funding.json' with { type: 'json' };
import { fakeFormContext, stubApi } from '../../support/form-context.ts';

const flow = flowFile as unknown as Flow;
// server/platform/paths.ts resolves it from its module URL, which is not a file URL under jsdom.
const CONTENT_DIR = join(process.cwd(), 'server', 'page', 'content');
const SCRIPTED = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';
const OPTIONS = { field: 'thank_you_html', fallback: 'Thank you.', startOver: 'Start over' };

let contentCopy: string | undefined;
afterEach(() => {
  if (contentCopy !== undefined) rmSync(contentCopy, { recursive: true, force: true });
  contentCopy = undefined;
});

/** The thank-you message the page shows after the phone step's submit, for these names and this content. */
async function thankYouPage(settings: ThankYouSettings, names: { first_name: string; last_name: string }) {
  const api = stubApi({
    checkPhone: vi.fn(async () => 'connected'),
    lookupZip: vi.fn(async (zipcode: string) => ({ city: 'Beverly Hills', state: 'CA', zipcode })),
    remoteAddress: vi.fn(async () => '203.0.113.9'),
    thankYouSettings: vi.fn(async () => settings),
    sendLead: vi.fn(async () => ({ id: 'lead-1', consent: { version: '1', sha256: 'a'.repeat(64) } })),
  });
  const input: ActionInput = {
    flow,
    stepId: 'phone',
    answers: {
      ...names,
      business_name: SCRIPTED,
      street_address: SCRIPT,
      city: 'Beverly Hills',
      state: 'CA',
      zipcode: '90210',
      phone: '2125550123',
    },
    api,
    certificateEnabled: false,
    pageUrl: 'https://funding.example.com/phone',
    now: () => new Date('2026-01-15T18:00:00Z'), // 10:00 in Los Angeles: the business-hours message
    log: vi.fn(),
  };
  const result = await submitLead(input);
  if (!result.ok) throw new Error('the submit failed');
  const context = fakeFormContext({ record: { thank_you_html: result.answers?.thank_you_html } });
  return render(<ThankYou options={OPTIONS} context={context} />).container;
}

/** Elements, handlers and links that would run script, anywhere under `root`. */
function scriptable(root: Element): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [
    ...(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG'].includes(element.tagName.toUpperCase())
      ? [element.tagName]
      : []),
    ...[...element.attributes]
      .filter((attribute) => /^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value))
      .map((attribute) => `${element.tagName} ${attribute.name}`),
  ]);
}

describe('hostile text on the thank-you page', () => {
  it("shows a visitor's HTML names as the text they typed, in the message the content ships with", async () => {
    const shipped = loadSiteContent(CONTENT_DIR, () => {}).thankYou;
    const page = await thankYouPage(shipped, { first_name: SCRIPTED, last_name: SCRIPT });
    expect(scriptable(page)).toEqual([]);
    expect(page.querySelector('img')).toBeNull();
    // Names are capitalised word by word (engine/display/text.ts), markup and all.
    expect(page.textContent).toContain('Thank you, <img Src=x Onerror=alert(1)> <script>alert(1)</script>!');
  });

  it('keeps no script from a template a marketer wrote with one, and still escapes the names', async () => {
    contentCopy = mkdtempSync(join(tmpdir(), 'fundflow-content-'));
    cpSync(CONTENT_DIR, contentCopy, { recursive: true });
    const file = join(contentCopy, 'thank-you.json');
    const hostile = `<p onclick="steal()">Thanks, {first_name}!${SCRIPTED}${SCRIPT}<a href="javascript:steal()">more</a></p>`;
    const content = JSON.parse(JSON.stringify(loadSiteContent(CONTENT_DIR, () => {}).thankYou)) as ThankYouSettings;
    content.business_hours_settings.template = hostile;
    writeFileSync(file, JSON.stringify(content));
    const warnings: string[] = [];
    const sanitised = loadSiteContent(contentCopy, (message) => warnings.push(message)).thankYou;
    expect(warnings).toHaveLength(1);

    const page = await thankYouPage(sanitised, { first_name: SCRIPTED, last_name: 'Rivera' });
    expect(scriptable(page)).toEqual([]);
    expect(page.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    // The marketer's image stays, a plain one from this site: the handler is gone.
    expect(page.querySelector('img')?.getAttributeNames()).toEqual(['src']);
    expect(page.textContent).toContain('Thanks, <img Src=x Onerror=alert(1)>!');
  });
});
