/**
 * The console's stylesheet defines every custom property it uses, through what it imports: a variable no one defined
 * leaves a button's background transparent (its white text then invisible) and a field without a border, which no
 * accessibility audit reports. The widgets, which both pages show, take theirs from the product's tokens.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** A stylesheet's text with the text of every stylesheet it @imports, depth first. */
function withImports(file: string): string {
  const text = readFileSync(file, 'utf8');
  const imported = [...text.matchAll(/@import\s+'([^']+)';/g)].map((match) =>
    withImports(join(dirname(file), match[1]!)),
  );
  return [...imported, text].join('\n');
}

const defined = (css: string) => new Set([...css.matchAll(/(--[a-z][a-z0-9-]*)\s*:/g)].map((match) => match[1]!));
const used = (css: string) => new Set([...css.matchAll(/var\(\s*(--[a-z][a-z0-9-]*)/g)].map((match) => match[1]!));
const undefinedIn = (css: string) => [...used(css)].filter((name) => !defined(css).has(name));

describe('custom properties', () => {
  it('the console uses only those its own stylesheet loads', () => {
    const css = withImports(join(ROOT, 'console/console.css'));
    expect(used(css).size).toBeGreaterThan(0);
    expect(undefinedIn(css)).toEqual([]);
  });

  it("each widget's stylesheet uses only the product's tokens and its own", () => {
    const tokens = readFileSync(join(ROOT, 'widgets/shared/tokens.css'), 'utf8');
    const sheets = readdirSync(join(ROOT, 'widgets'), { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.css'),
    );
    expect(sheets.length).toBeGreaterThan(1);
    for (const sheet of sheets) {
      const css = `${tokens}\n${withImports(join(ROOT, 'widgets', sheet))}`;
      expect(undefinedIn(css), sheet).toEqual([]);
    }
  });
});
