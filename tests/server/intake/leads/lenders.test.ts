/** The server reads the participating lenders' ids and names from site/content/lenders.json, checked as the build checks it. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lenderNames, LENDERS_CONTENT_FILE, readLenders } from '../../../../server/intake/leads/lenders.ts';

function lendersFile(lenders: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'fundflow-lenders-')), 'lenders.json');
  writeFileSync(file, JSON.stringify({ $schema: './schemas/lenders.schema.json', lenders }));
  return file;
}

describe('readLenders', () => {
  it("gives each lender's id and name in the file's order, the names as the consent shows them", () => {
    const lenders = readLenders(LENDERS_CONTENT_FILE);
    expect(lenders).toEqual([
      { id: 'quillmont', name: 'Quillmont Capital' },
      { id: 'vantorra', name: 'Vantorra Funding' },
      { id: 'elmsbrook', name: 'Elmsbrook Lending' },
      { id: 'corvane', name: 'Corvane Finance' },
    ]);
    expect(lenderNames(lenders)).toEqual([
      'Quillmont Capital',
      'Vantorra Funding',
      'Elmsbrook Lending',
      'Corvane Finance',
    ]);
  });

  it('stops the server naming the file and the field of a repeat or a wrong id', () => {
    const repeated = lendersFile([
      { id: 'quillmont', name: 'Quillmont Capital' },
      { id: 'quillmont', name: 'Vantorra Funding' },
    ]);
    expect(() => readLenders(repeated)).toThrow(
      'site/content/lenders.json /lenders/1/id: "quillmont" is listed twice (first at /lenders/0/id): each lender\'s id must be its own',
    );
    const wrongId = lendersFile([{ id: 'Quillmont Capital', name: 'Quillmont Capital' }]);
    expect(() => readLenders(wrongId)).toThrow(
      /^site\/content\/lenders\.json \/lenders\/0\/id: "Quillmont Capital" is not allowed/,
    );
  });

  it('refuses the list of names the file held before lenders had ids', () => {
    expect(() => readLenders(lendersFile(['Quillmont Capital']))).toThrow(
      'site/content/lenders.json /lenders/0: expected an object, found the text "Quillmont Capital"',
    );
  });
});
