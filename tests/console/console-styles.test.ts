/**
 * The console's stylesheet defines every custom property it uses, through what it imports: a variable no one defined
 * leaves a button's background transparent (its white text then invisible) and a field without a border, which no
 * accessibility audit reports. What is checked is the CSS the build produces: every stylesheet the console's modules
 * import, bundled with its @imports by Lightning CSS as Parcel does; and the built file in dist/console when there is
 * one. The widgets, which both pages show, take theirs from the product's tokens.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { bundle } from 'lightningcss';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BUILT = join(ROOT, 'dist/console');

/** A stylesheet as the build writes it: its @imports inlined. */
const bundled = (file: string) => bundle({ filename: file, minify: true }).code.toString();

/** The stylesheets the modules reachable from `entry` import, following relative imports of scripts. */
function importedStylesheets(entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  const specifiers = [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?['"](\.{1,2}\/[^'"]+)['"]/gm)].map((match) =>
    join(dirname(entry), match[1]!),
  );
  return specifiers.flatMap((file) =>
    file.endsWith('.css') ? [file] : /\.tsx?$/.test(file) ? importedStylesheets(file, seen) : [],
  );
}

const defined = (css: string) => new Set([...css.matchAll(/(--[a-z][a-z0-9-]*)\s*:/g)].map((match) => match[1]!));
const used = (css: string) => new Set([...css.matchAll(/var\(\s*(--[a-z][a-z0-9-]*)/g)].map((match) => match[1]!));
const undefinedIn = (css: string) => [...used(css)].filter((name) => !defined(css).has(name));

describe('custom properties', () => {
  it("the console's built CSS uses only those it defines", () => {
    const sheets = importedStylesheets(join(ROOT, 'console/main.tsx'));
    expect(sheets).toContain(join(ROOT, 'console/console.css'));
    const css = sheets.map(bundled).join('\n');
    expect(used(css).size).toBeGreaterThan(0);
    expect(undefinedIn(css)).toEqual([]);
  });

  // The build itself, when one was made: what production serves.
  it.skipIf(!existsSync(BUILT))('the stylesheet in dist/console uses only those it defines', () => {
    const sheets = readdirSync(BUILT).filter((name) => name.endsWith('.css'));
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) expect(undefinedIn(readFileSync(join(BUILT, sheet), 'utf8')), sheet).toEqual([]);
  });

  it("each widget's stylesheet uses only the product's tokens and its own", () => {
    const tokens = bundled(join(ROOT, 'widgets/shared/tokens.css'));
    const sheets = readdirSync(join(ROOT, 'widgets'), { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.css'),
    );
    expect(sheets.length).toBeGreaterThan(1);
    for (const sheet of sheets) {
      const css = `${tokens}\n${bundled(join(ROOT, 'widgets', sheet))}`;
      expect(undefinedIn(css), sheet).toEqual([]);
    }
  });
});
