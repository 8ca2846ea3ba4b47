/** Content negotiation for the compressed variants the server holds (brotli preferred, then gzip). */

export type Encoding = 'br' | 'gzip';

/** The best encoding the request's Accept-Encoding allows, or undefined for the uncompressed body. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const part of [acceptEncoding].flat().join(',').split(',')) {
    const [token = '', ...params] = part.split(';').map((text) => text.trim().toLowerCase());
    if (token === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}
