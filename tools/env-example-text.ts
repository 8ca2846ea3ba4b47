/** The text of .env.example: each setting of the server's table with its description and default or example. */
import { VARIABLES } from '../server/platform/config/settings.ts';
import type { Variable } from '../server/platform/config/variable.ts';

function wrap(text: string, width = 116): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The text of .env.example, generated from the settings table. */
export function renderEnvExample(): string {
  const header = [
    '# Fundflow server settings. Copy this file to .env and uncomment what you change;',
    '# variables set in the real environment win over .env.',
    '# Generated from server/platform/config/settings.ts by `node tools/env-example.ts`: edit the table there, not this file.',
  ];
  const blocks = Object.values(VARIABLES).map((variable: Variable<unknown>) => {
    const note = variable.default === undefined ? 'Optional. ' : `Default: ${variable.default}. `;
    const value = variable.default ?? variable.example ?? '';
    return [
      ...wrap(`${variable.description} ${note.trim()}`).map((line) => `# ${line}`),
      `# ${variable.name}=${value}`,
    ];
  });
  return [header, ...blocks].map((block) => block.join('\n')).join('\n\n') + '\n';
}
