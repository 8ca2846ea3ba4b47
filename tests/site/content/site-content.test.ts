import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../engine/flow/checks.ts';
import { compileFlows } from '../../../tools/compile-flows.ts';
import { checkSiteContent, CONTENT_DIR, readSiteContent } from '../../../site/content/check.ts';
import { contentSchemaFiles } from '../../../tools/content-schema-files.ts';
import { legalPagesModule, siteContentModule } from '../../../tools/content-module.ts';

const BROKEN = join(import.meta.dirname, 'fixtures/broken');
const SHOWN = 'tests/site/content/fixtures/broken';

describe('the landing-page content checks', () => {
  const problems = checkSiteContent(BROKEN).map(formatProblem);

  it('names the file and pointer of every mistake and says how to fix it', () => {
    expect(problems).toEqual([
      `${SHOWN}/claims.json: "disclaimer" is missing: add it (Shown at the end of the landing page.)`,
      `${SHOWN}/featured-in.json /logos/0/logo: the image ${SHOWN}/logos/oversized-banner.png is 9,008 bytes; logos are sent inside the page, so keep each under 8,000 bytes (an SVG, or a PNG or WebP saved at the size shown, 168×40)`,
      `${SHOWN}/featured-in.json /logos/1/logo: there is no image ${SHOWN}/logos/storefront-gazette.svg: add the image there, or correct the file name`,
      `${SHOWN}/testimonials.json /testimonials/1/date: "2025-02-30" is not a day of the calendar: write a real date as yyyy-mm-dd, e.g. 2025-03-14`,
      `${SHOWN}/faq.json /questions/0/anwser: unknown key "anwser" (did you mean "answer"?)`,
      `${SHOWN}/providers.json /$schema: expected "./schemas/providers.schema.json", found the text "./provider.schema.json": Lets editors check this file while it is typed; leave it as it is.`,
      expect.stringMatching(
        new RegExp(
          `^${SHOWN}/lenders\\.json: not valid JSON \\(.+\\): fix the spot it names, often a missing comma or quote$`,
        ),
      ),
      `${SHOWN}/social.json /links/0/network: "tiktok" is not one of "facebook", "x", "linkedin", "instagram", "youtube"`,
      `${SHOWN}/social.json /links/0/url: "http://example.com/ours" is not allowed: The full address of the page, starting with https://.`,
      `${SHOWN}/footer.json /promises: "funded" is missing: add it (Next to the dollar sign: how much has been funded.)`,
      `${SHOWN}/do-not-sell.json /form: "confirmation" is missing: add it (What the visitor reads once the opt-out is recorded.)`,
    ]);
  });

  it('passes the files without problems on to the build and holds back the others', () => {
    expect(readSiteContent(BROKEN).files.map((file) => file.key)).toEqual([
      'howItWorks',
      'interface',
      'privacy',
      'terms',
      'stopContacting',
    ]);
  });

  it('reports a missing file', () => {
    expect(checkSiteContent(join(BROKEN, 'logos'), 'empty').map(formatProblem)).toContain(
      'empty/faq.json: the file is missing: restore it from version control, or write it as its schema in schemas/ says',
    );
  });

  it('passes the content the page ships with', () => {
    expect(checkSiteContent().map(formatProblem)).toEqual([]);
  });

  it("names the file and pointer of a lender's id or name listed twice", () => {
    const copy = mkdtempSync(join(tmpdir(), 'fundflow-content-'));
    cpSync(CONTENT_DIR, copy, { recursive: true });
    const lenders = [
      { id: 'quillmont', name: 'Quillmont Capital' },
      { id: 'vantorra', name: 'Quillmont Capital' },
      { id: 'quillmont', name: 'Elmsbrook Lending' },
    ];
    writeFileSync(join(copy, 'lenders.json'), JSON.stringify({ $schema: './schemas/lenders.schema.json', lenders }));
    expect(checkSiteContent(copy, 'content').map(formatProblem)).toEqual([
      `content/lenders.json /lenders/2/id: "quillmont" is listed twice (first at /lenders/0/id): each lender's id must be its own`,
      `content/lenders.json /lenders/1/name: "Quillmont Capital" is listed twice (first at /lenders/0/name): each lender's name must be its own`,
    ]);
  });
});

describe('the content schema files editors use', () => {
  it('are current with site/content/schemas.ts (npm run flows:schema rewrites them)', () => {
    for (const { name, text } of contentSchemaFiles()) {
      expect(readFileSync(join(CONTENT_DIR, 'schemas', name), 'utf8'), name).toBe(text);
    }
  });
});

describe('the generated content module', () => {
  const { files } = readSiteContent();
  const text = siteContentModule(files, { contentDir: CONTENT_DIR, outDir: join(CONTENT_DIR, '../../.generated') });

  it('writes each logo into the page as a data URL of the image itself', () => {
    for (const logo of ['logos/storefront-gazette.svg', 'logos/quillmont-capital.svg']) {
      const svg = readFileSync(join(CONTENT_DIR, logo), 'utf8').trim();
      expect(text).toContain(`"src": "data:image/svg+xml,${encodeURIComponent(svg)}"`);
    }
  });

  it("gives the page the lenders' names, in the file's order, and not their ids", () => {
    expect(text).toContain(
      '"lenders": {\n    "lenders": [\n      "Quillmont Capital",\n      "Vantorra Funding",\n      "Elmsbrook Lending",\n      "Corvane Finance"\n    ]\n  }',
    );
    expect(text).not.toContain('"quillmont"');
  });

  it('types the content and leaves out the editors-only $schema key', () => {
    expect(text).toContain('import type { SiteContent } from "../site/content/types.ts";');
    expect(text).not.toContain('$schema');
  });

  it("leaves the legal pages' text to a module of its own, out of the page's first script", () => {
    const legal = legalPagesModule(files, { contentDir: CONTENT_DIR, outDir: join(CONTENT_DIR, '../../.generated') });
    expect(legal).toContain('export const legalPages: LegalPagesContent = {');
    for (const title of ['"Privacy Policy"', '"Terms of Use"', '"Do Not Sell My Information"']) {
      expect(legal).toContain(`"title": ${title}`);
    }
    // The footer links to the legal pages by their names; their words are what the first script leaves out.
    const legalFiles = files.filter(({ key }) => ['privacy', 'terms', 'doNotSell'].includes(key));
    expect(legalFiles).toHaveLength(3);
    for (const { json } of legalFiles) {
      for (const { paragraphs } of json.sections as { paragraphs: string[] }[]) {
        for (const paragraph of paragraphs) {
          expect(legal).toContain(JSON.stringify(paragraph));
          expect(text).not.toContain(JSON.stringify(paragraph));
        }
      }
    }
  });
});

describe('the build', () => {
  const outDir = () => join(mkdtempSync(join(tmpdir(), 'fundflow-content-')), 'out');

  it('stops on a content problem as on a flow problem, and writes nothing', () => {
    const out = outDir();
    expect(compileFlows({ outDir: out, contentDir: BROKEN })).toContain(
      `${SHOWN}/faq.json /questions/0/anwser: unknown key "anwser" (did you mean "answer"?)`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it("writes each language's content module next to the flows", () => {
    const out = outDir();
    expect(compileFlows({ outDir: out })).toEqual([]);
    for (const code of ['en', 'es']) {
      expect(readFileSync(join(out, 'languages', code, 'site-content.ts'), 'utf8')).toContain(
        'export const siteContent: SiteContent = {',
      );
    }
  });
});
