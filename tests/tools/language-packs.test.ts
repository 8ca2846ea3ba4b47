import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFlowSources } from '../../engine/flow/load.ts';
import type { LanguageFile } from '../../engine/language/language-file.ts';
import { compileFlows } from '../../tools/compile-flows.ts';
import { languageTemplate } from '../../tools/languages.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FLOWS = join(ROOT, 'flows');

/** The texts of the files the packs carry: the flows and the site's content (the server keeps its own). */
const inPacks = (file: string) => file.startsWith('flows/') || file.startsWith('site/content/');
const textsOf = (language: LanguageFile) =>
  Object.entries(language.texts)
    .filter(([file]) => inPacks(file))
    .flatMap(([, texts]) => Object.values(texts));

const english = textsOf(languageTemplate('en', readFlowSources(FLOWS)));
const spanish = textsOf(JSON.parse(readFileSync(join(FLOWS, 'languages', 'es.json'), 'utf8')) as LanguageFile);
// A word both languages write alike ("$1M+", "FAQ") belongs to neither.
const onlyEnglish = [...new Set(english)].filter((text) => !spanish.includes(text));
const onlySpanish = [...new Set(spanish)].filter((text) => !english.includes(text));

/**
 * Whether a generated module shows `text` to a visitor: as a string value, not as a key ("carousel": ...) nor as a
 * choice's stored answer ("const": "Sole Proprietor"), which stays as English wrote it in every language.
 */
const shows = (module: string, text: string) =>
  new RegExp(`(?<!"const":\\s*)${JSON.stringify(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\s*:)`).test(module);

describe("each language's pack, as the build writes it", () => {
  let out: string;
  /** What a page in that language loads: its pack (the flows), its site content and its legal pages. */
  const pack = (code: string) =>
    [`language-${code}.ts`, `${code}/site-content.ts`, `${code}/legal-pages.ts`]
      .map((file) => readFileSync(join(out, 'languages', file), 'utf8'))
      .join('\n');

  beforeAll(() => {
    out = join(mkdtempSync(join(tmpdir(), 'fundflow-packs-')), 'out');
    expect(compileFlows({ outDir: out })).toEqual([]);
  });
  afterAll(() => rmSync(join(out, '..'), { recursive: true, force: true }));

  it('compares enough words to mean something', () => {
    expect(onlyEnglish.length).toBeGreaterThan(200);
    expect(onlySpanish.length).toBeGreaterThan(200);
  });

  it('the English page carries no Spanish strings, and every English one', () => {
    const en = pack('en');
    expect(onlySpanish.filter((text) => shows(en, text))).toEqual([]);
    expect(onlyEnglish.filter((text) => !shows(en, text))).toEqual([]);
  });

  it('the Spanish page carries no English strings, and every Spanish one', () => {
    const es = pack('es');
    expect(onlyEnglish.filter((text) => shows(es, text))).toEqual([]);
    expect(onlySpanish.filter((text) => !shows(es, text))).toEqual([]);
  });

  it("names each flow's heading in the pack's own language", () => {
    expect(pack('en')).toContain('"heading":"How much do you need?"');
    expect(pack('es')).toContain('"heading":"¿Cuánto necesita?"');
  });
});
