/** The command line of `npm run bench`. */

export const PARTS = [
  'lighthouse',
  'interaction',
  'studio-preview',
  'api',
  'events',
  'speed-to-lead',
  'auction',
  'console',
  'lead-count',
  'funnel',
] as const;
export type Part = (typeof PARTS)[number];

export interface BenchOptions {
  /** Measured Lighthouse runs per URL (a discarded warm-up round comes first). */
  runs: number;
  /** Other pages to measure with Lighthouse next to ours; the first one is the LCP reference. */
  compare: string[];
  /** The parts to run, in the order they run. */
  parts: Part[];
  /** Where the raw results go. */
  json: string;
  /** Walks through the first steps for the next-to-heading timing, each in a fresh browser context. */
  walks: number;
  /** Seconds each load measurement of the API lasts (ZIP lookups, lead intake, funnel events), after its warm-up. */
  loadSeconds: number;
  help: boolean;
}

export const DEFAULT_JSON = 'bench-results/latest.json';

export const USAGE = `npm run bench -- [options]
  --runs N            Lighthouse runs per URL, after one discarded warm-up round (default 5)
  --compare URL...    other pages to measure next to ours, interleaved; the first is the LCP reference
  --only PART         lighthouse, interaction, studio-preview, api, events, speed-to-lead, auction, console,
                      lead-count or funnel
                      (repeat, or separate with commas, for several)
  --json FILE         where to write raw runs, medians and the machine (default ${DEFAULT_JSON})
  --walks N           walks through the first steps for the next-to-heading timing (default 5)
  --load-seconds N    length of each API load measurement (default 10)
  -h, --help          this text`;

function whole(name: string, raw: string | undefined, min: number): number {
  const value = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || value < min)
    throw new Error(`${name} needs a whole number of at least ${min}`);
  return value;
}

/** Parses the arguments after `npm run bench --`; throws an Error naming the problem. */
export function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    runs: 5,
    compare: [],
    parts: [],
    json: DEFAULT_JSON,
    walks: 5,
    loadSeconds: 10,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (name) {
      case '-h':
      case '--help':
        options.help = true;
        break;
      case '--runs':
        options.runs = whole('--runs', value(), 1);
        break;
      case '--walks':
        options.walks = whole('--walks', value(), 1);
        break;
      case '--load-seconds':
        options.loadSeconds = whole('--load-seconds', value(), 1);
        break;
      case '--json': {
        const file = value();
        if (file === undefined || file === '' || file.startsWith('--')) throw new Error('--json needs a file name');
        options.json = file;
        break;
      }
      case '--only': {
        const list = value();
        if (list === undefined) throw new Error(`--only needs one of ${PARTS.join(', ')}`);
        for (const part of list.split(',')) {
          if (!PARTS.includes(part as Part)) throw new Error(`--only takes ${PARTS.join(', ')}, not "${part}"`);
          if (!options.parts.includes(part as Part)) options.parts.push(part as Part);
        }
        break;
      }
      case '--compare': {
        const urls: string[] = inline === undefined ? [] : [inline];
        while (inline === undefined && i + 1 < argv.length && !argv[i + 1]!.startsWith('-')) urls.push(argv[++i]!);
        if (urls.length === 0) throw new Error('--compare needs at least one URL');
        for (const url of urls) {
          const parsed = URL.parse(url);
          if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
            throw new Error(`--compare takes http(s) URLs, not "${url}"`);
          }
          options.compare.push(parsed.href);
        }
        break;
      }
      default:
        throw new Error(`unknown argument "${arg}"`);
    }
  }
  if (options.parts.length === 0) options.parts = [...PARTS];
  else options.parts.sort((a, b) => PARTS.indexOf(a) - PARTS.indexOf(b));
  return options;
}
