/** Strings that match a field's `pattern`, made by reading the (simple) regular expression itself. */
/** The characters a pattern sample is made of, in the order they are tried: "[0-9]{10}" reads 1234567890. */
const POOL = [..."1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -_.+'@/:,#"];

/** One character a character class (its text between the brackets) accepts, varied by position. */
function classChar(body: string, index: number): string | undefined {
  let test: RegExp;
  try {
    test = new RegExp(`[${body}]`, 'u');
  } catch {
    return undefined;
  }
  const accepted = POOL.filter((char) => test.test(char));
  return accepted.length === 0 ? undefined : accepted[index % accepted.length];
}

interface PatternReader {
  text: string;
  at: number;
}

/**
 * A string matching a (simple) regular expression: literals, escapes, classes, groups with alternatives (the first
 * is taken) and quantifiers; `*`, `+` and open `{n,}` repeat `repeat` times. Undefined for what it cannot read.
 */
export function sampleForPattern(pattern: string, repeat: number): string | undefined {
  const reader: PatternReader = { text: pattern, at: 0 };
  try {
    const result = sequence(reader, repeat);
    return reader.at >= reader.text.length ? result : undefined;
  } catch {
    return undefined;
  }
}

function sequence(reader: PatternReader, repeat: number): string {
  let out = '';
  const alternatives: string[] = [];
  while (reader.at < reader.text.length) {
    const char = reader.text[reader.at]!;
    if (char === ')') break;
    if (char === '|') {
      alternatives.push(out);
      out = '';
      reader.at++;
      continue;
    }
    const atom = readAtom(reader, repeat);
    const { min, max } = readQuantifier(reader);
    const count = max === Infinity ? Math.max(min, repeat) : min === 0 && max > 0 ? Math.min(max, 1) : min;
    for (let i = 0; i < count; i++) out += atom(i);
  }
  return alternatives.length > 0 ? alternatives[0]! : out;
}

function readAtom(reader: PatternReader, repeat: number): (index: number) => string {
  const { text } = reader;
  const char = text[reader.at++]!;
  switch (char) {
    case '^':
    case '$':
      return () => '';
    case '.':
      return (index) => classChar('A-Za-z', index)!;
    case '\\': {
      const escaped = text[reader.at++];
      if (escaped === undefined) throw new Error('dangling escape');
      if ('dws'.includes(escaped)) return (index) => classChar(`\\${escaped}`, index) ?? '';
      if ('DWSbB'.includes(escaped) || /[0-9]/.test(escaped)) throw new Error('unsupported escape');
      return () => escaped;
    }
    case '[': {
      let end = reader.at;
      while (end < text.length && text[end] !== ']') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) throw new Error('open class');
      const body = text.slice(reader.at, end);
      reader.at = end + 1;
      return (index) => {
        const picked = classChar(body, index);
        if (picked === undefined) throw new Error('empty class');
        return picked;
      };
    }
    case '(': {
      if (text[reader.at] === '?') {
        if (text[reader.at + 1] !== ':') throw new Error('unsupported group');
        reader.at += 2;
      }
      const inner = sequence(reader, repeat);
      if (text[reader.at] !== ')') throw new Error('open group');
      reader.at++;
      return () => inner;
    }
    default:
      if ('*+?{'.includes(char)) throw new Error('quantifier without an atom');
      return () => char;
  }
}

function readQuantifier(reader: PatternReader): { min: number; max: number } {
  const char = reader.text[reader.at];
  let quantifier = { min: 1, max: 1 };
  if (char === '*') quantifier = { min: 0, max: Infinity };
  else if (char === '+') quantifier = { min: 1, max: Infinity };
  else if (char === '?') quantifier = { min: 0, max: 1 };
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(reader.text.slice(reader.at));
    if (match === null) return quantifier;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    reader.at += match[0].length;
    if (reader.text[reader.at] === '?') reader.at++;
    return { min, max };
  } else return quantifier;
  reader.at++;
  if (reader.text[reader.at] === '?') reader.at++;
  return quantifier;
}
