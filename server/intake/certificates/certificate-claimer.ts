/**
 * Claiming a consent certificate keeps it stored past the certification service's free retention, so the consent
 * behind a lead can still be shown when it is disputed. Behind one interface so tests and other providers can stand in.
 */

/** A TrustedForm certificate URL: the certificate id is 40 hexadecimal characters. */
export const CERTIFICATE_URL_PATTERN = '^https://cert\\.trustedform\\.com/[0-9a-f]{40}$';

export interface CertificateClaimer {
  /** Claims the certificate at `url` (matching CERTIFICATE_URL_PATTERN); rejects with ClaimError when it is not. */
  claim(url: string): Promise<void>;
}

/** The certification service did not claim the certificate; the message says why, without any credentials. */
export class ClaimError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ClaimError';
  }
}
