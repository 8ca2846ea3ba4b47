/**
 * POST /api/v1/trustedform/claim `{ "url" }`: claims the consent certificate of a stored lead.
 * 200 `{ "claimed": true }`; 202 `{ "claimed": false }` when no TrustedForm key is configured (nothing is done);
 * 400 for a URL that is not a TrustedForm certificate; 404 when no stored lead carries it; 502 when TrustedForm
 * does not claim it.
 */
import type { FastifyInstance } from 'fastify';
import { claimResponse, errorResponse } from '../../../contracts/api.ts';
import { CERTIFICATE_CLAIM_PATH } from '../../../contracts/api-paths.ts';
import { CERTIFICATE_URL_PATTERN, ClaimError, type CertificateClaimer } from './certificate-claimer.ts';
import { claimStoredCertificate } from './claim-stored-certificate.ts';
import type { Database } from '../../platform/db/types.ts';

const claimRequest = {
  type: 'object',
  required: ['url'],
  properties: { url: { type: 'string', pattern: CERTIFICATE_URL_PATTERN } },
  additionalProperties: false,
} as const;

export function registerTrustedFormRoutes(
  app: FastifyInstance,
  db: Database,
  claimer: CertificateClaimer | undefined,
): void {
  app.post<{ Body: { url: string } }>(
    CERTIFICATE_CLAIM_PATH,
    {
      bodyLimit: 4096, // a claim is one URL
      schema: {
        body: claimRequest,
        response: { 200: claimResponse, 202: claimResponse, '4xx': errorResponse, 502: errorResponse },
      },
    },
    async (request, reply) => {
      if (claimer === undefined) return reply.code(202).send({ claimed: false });
      try {
        const outcome = await claimStoredCertificate(db, claimer, request.body.url);
        if (outcome === 'unknown') {
          return reply
            .code(404)
            .send({ error: 'unknown_certificate', message: 'No lead was received with this certificate' });
        }
      } catch (error) {
        if (!(error instanceof ClaimError)) throw error;
        request.log.warn({ err: error }, 'certificate claim failed');
        return reply.code(502).send({ error: 'claim_failed', message: error.message });
      }
      return { claimed: true };
    },
  );
}
