/**
 * Playwright's global teardown, run after every test and before the servers stop: fails the run when an app
 * server's log (SERVER_LOGS) holds anything the tests typed as the visitor, or is missing or empty (a log that was
 * not captured would pass any check).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../server/platform/paths.ts';
import { findPersonalData, SHAPES, typed, type Finding } from './personal-data-in-logs.ts';
import { SERVER_LOGS } from './servers.ts';
import { VISITOR } from './visitor.ts';

const LOOK_FOR = [
  ...SHAPES,
  typed('the first name typed', VISITOR.firstName),
  typed('the last name typed', VISITOR.lastName),
  typed('the last name typed', VISITOR.mistypedLastName),
  typed('the business name typed', VISITOR.businessName),
  typed('the street address typed', VISITOR.street),
  typed('the street address typed', VISITOR.suggestedStreet),
];

/** What is wrong with the log files (paths relative to `root`), each problem naming its file. */
export function logProblems(root: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  const findings: Finding[] = [];
  for (const file of files) {
    const path = join(root, file);
    if (!existsSync(path)) {
      problems.push(`${file} is missing: the server's log was not captured`);
      continue;
    }
    const text = readFileSync(path, 'utf8');
    if (text.trim() === '') problems.push(`${file} is empty: the server's log was not captured`);
    findings.push(...findPersonalData(file, text, LOOK_FOR));
  }
  for (const { file, line, kind } of findings) problems.push(`${file} line ${line} holds ${kind}`);
  return problems;
}

export default function checkServerLogs(): void {
  const problems = logProblems(PROJECT_ROOT, Object.values(SERVER_LOGS));
  if (problems.length > 0) {
    throw new Error(
      `The app servers' logs must hold no personal data (docs/guarantees.md):\n${problems.map((text) => `  - ${text}`).join('\n')}`,
    );
  }
}
