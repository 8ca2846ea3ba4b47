/**
 * Claims only the certificates of leads this server stored, each once. A claim costs money: without these rules anyone
 * could make the server claim any certificate, or the same one over and over.
 */
import type { Database } from '../../platform/db/types.ts';
import type { CertificateClaimer } from './certificate-claimer.ts';

/** 'claimed' also when an earlier request claimed it; 'unknown' when no stored lead carries the certificate. */
export type ClaimOutcome = 'claimed' | 'unknown';

/** Rejects with the claimer's error (and releases the claim for a retry) when the certificate is not claimed. */
export async function claimStoredCertificate(
  db: Database,
  claimer: CertificateClaimer,
  url: string,
): Promise<ClaimOutcome> {
  // Taking the claim first, in one statement, lets only one of several simultaneous requests call the service.
  const taken = await db.query(
    `update consent_evidence set certificate_claimed_at = now()
      where certificate_url = $1 and certificate_claimed_at is null`,
    [url],
  );
  if (taken.rowCount === 0) {
    const stored = await db.query('select 1 from consent_evidence where certificate_url = $1 limit 1', [url]);
    return stored.rowCount > 0 ? 'claimed' : 'unknown';
  }
  try {
    await claimer.claim(url);
  } catch (error) {
    await db.query('update consent_evidence set certificate_claimed_at = null where certificate_url = $1', [url]);
    throw error;
  }
  return 'claimed';
}
