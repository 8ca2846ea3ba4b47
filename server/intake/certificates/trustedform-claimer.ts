/** Claims TrustedForm certificates over HTTPS with the account's API key. */
import { ClaimError, type CertificateClaimer } from './certificate-claimer.ts';

export interface TrustedFormClaimerOptions {
  apiKey: string;
  /** How long to wait for TrustedForm before giving up. */
  timeoutMs?: number;
  /**
   * Where the certificate ids are posted instead of https://cert.trustedform.com (a local stand-in in tests). The
   * server never sets it from configuration: the destination of a claim is always TrustedForm.
   */
  baseUrl?: string;
}

const CLAIM_TIMEOUT_MS = 10_000;

/** The certificate's id: its URL's last path segment. */
function certificateId(url: string): string {
  return new URL(url).pathname.slice(1);
}

export function trustedFormClaimer(options: TrustedFormClaimerOptions): CertificateClaimer {
  const { apiKey, timeoutMs = CLAIM_TIMEOUT_MS } = options;
  const authorization = `Basic ${Buffer.from(`API:${apiKey}`).toString('base64')}`;
  return {
    async claim(url) {
      const target =
        options.baseUrl === undefined ? url : `${options.baseUrl.replace(/\/$/, '')}/${certificateId(url)}`;
      let response: Response;
      try {
        response = await fetch(target, {
          method: 'POST',
          headers: { authorization, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        const reason = timedOut ? `no answer within ${timeoutMs / 1000} s` : 'unreachable';
        throw new ClaimError(`TrustedForm did not claim the certificate: ${reason}`, { cause: error });
      }
      // The answer describes the certificate; nothing in it is needed, but the connection is freed by reading it.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) {
        throw new ClaimError(`TrustedForm did not claim the certificate: it answered HTTP ${response.status}`);
      }
    },
  };
}
