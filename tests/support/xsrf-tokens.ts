/**
 * XSRF tokens the test servers recognise as their own: every server a test starts (in process or as a child) signs
 * its tokens with TEST_XSRF_SECRET, so a test, a fault run or the bench can hold a visit's token as a page would.
 */
import { xsrfTokens } from '../../server/platform/http/xsrf-token.ts';

/** The key the test servers sign XSRF tokens with (XSRF_SECRET). */
export const TEST_XSRF_SECRET = 'the-test-servers-xsrf-signing-key-of-32-characters';

/** A new visit's token, as the test servers issue them. */
export function newVisitToken(): string {
  return xsrfTokens(Buffer.from(TEST_XSRF_SECRET)).issue();
}

/** A token the test servers recognise as their own. */
export const TEST_XSRF_TOKEN = newVisitToken();
