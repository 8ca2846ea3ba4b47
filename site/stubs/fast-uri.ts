/**
 * Stands in for fast-uri, which @rjsf/utils imports only to resolve `$ref`s against `$id`s. Flow schemas have no
 * `$ref` (each step is one self-contained schema), so the page carries these two functions on the platform's URL
 * instead of a full RFC 3986 library.
 */

/** `ref` resolved against `base`; a bare fragment keeps the base, and a base the platform cannot parse leaves `ref` as it is. */
function resolve(base: string, ref: string): string {
  if (ref.startsWith('#')) return base.split('#')[0]! + ref;
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

/** The same text, or the same absolute URL once the platform has normalised both (scheme and host case, "/./"). */
function equal(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

export default { resolve, equal };
