/**
 * The Raw tab's text read as an overlay: a JSON object, or where and why it is not ("line 3, column 5: Expected ','
 * or '}' after property value"). The place is the position JSON.parse's message names, turned into a line and a
 * column; a message that names none (the text ends too soon) is placed at the end of the text.
 */
type Json = Record<string, unknown>;

export type Parsed = { value: Json } | { error: string };

/** Line and column (from 1) of an offset in the text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** The offset a JSON.parse message names ("... at position 42"), if it names one. */
function offsetIn(message: string): number | undefined {
  const match = /position (\d+)/.exec(message);
  return match === null ? undefined : Number(match[1]);
}

/** The parser's own sentence, without the place (said separately) and the text it quotes. */
function reasonOf(message: string): string {
  return message
    .replace(/\s*(in JSON )?at position \d+.*$/s, '')
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .trim();
}

export function parseJsonObject(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { line, column } = lineAndColumn(text, offsetIn(message) ?? text.length);
    return { error: `line ${line}, column ${column}: ${reasonOf(message)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'line 1, column 1: the draft must be a JSON object ({ ... })' };
  }
  return { value: value as Json };
}
