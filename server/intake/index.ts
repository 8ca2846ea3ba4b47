/**
 * What the visitor's page sends and asks while the form is filled in: ZIP lookups, phone checks, the visitor's address
 * as the server sees it, consent-certificate claims, and the lead itself, checked with its flow's own schemas and
 * stored with its consent evidence and its delivery job in one transaction.
 */
import { readLanguages } from '../../engine/language/language-flows.ts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../platform/config/settings.ts';
import type { Database } from '../platform/db/types.ts';
import type { CertificateClaimer } from './certificates/certificate-claimer.ts';
import { registerTrustedFormRoutes } from './certificates/certificate-routes.ts';
import { trustedFormClaimer } from './certificates/trustedform-claimer.ts';
import type { DeliveryQueue } from './leads/delivery-queue.ts';
import { readLeadFlows } from './leads/lead-flows.ts';
import { publishedLeadFlows } from './leads/published-lead-flows.ts';
import type { VersionCatalog } from '../page/index.ts';
import { registerLeadRoutes } from './leads/lead-routes.ts';
import type { LeadsOfVisitsStored } from './leads/store-lead.ts';
import { lenderNames, type Lender } from './leads/lenders.ts';
import { databaseLookupCalls } from './phone/daily-lookup-calls.ts';
import { databasePhoneAnswers } from './phone/database-phone-answers.ts';
import { httpPhoneLookup } from './phone/http-phone-check.ts';
import { paidPhoneCheck } from './phone/paid-phone-check.ts';
import { processPhoneAnswers } from './phone/phone-answers.ts';
import { offlinePhoneCheck, type PhoneCheck } from './phone/phone-check.ts';
import { registerPhoneRoutes } from './phone/phone-routes.ts';
import { registerRemoteAddressRoutes } from './remote-address.ts';
import { registerZipcodeRoutes } from './zip/zip-routes.ts';

export type { CertificateClaimer } from './certificates/certificate-claimer.ts';
export type { DeliveryQueue } from './leads/delivery-queue.ts';
export type { LeadOfVisit, LeadsOfVisitsStored } from './leads/store-lead.ts';
export { LeadFlowsError, leadFlowOf } from './leads/lead-flows.ts';
export { LENDERS_CONTENT_FILE, readLenders, type Lender } from './leads/lenders.ts';
export type { PhoneCheck } from './phone/phone-check.ts';

export interface IntakeOptions {
  config: Config;
  db: Database;
  /** The flow files the lead schemas come from. */
  flowsDir: string;
  /** The versions published in the flow studio: their leads are validated against their own schemas. */
  catalog: VersionCatalog;
  /** The lenders the consent names, which each lead records as the consent showed them. */
  lenders: readonly Lender[];
  /**
   * Where stored leads are queued for delivery. Without it the lead route answers 503 (a lead that cannot be
   * delivered is not accepted), and the app warns.
   */
  delivery?: DeliveryQueue;
  /** How phone numbers are checked; default: the lookup service of PHONE_LOOKUP_URL, else the offline check. */
  phoneCheck?: PhoneCheck;
  /** How consent certificates are claimed; default: TrustedForm when TRUSTEDFORM_API_KEY is set, else not at all. */
  certificateClaimer?: CertificateClaimer;
  /** The clock of the phone lookup's cache and daily cap. */
  now: () => number;
  /** Told of the leads stored with a funnel visit, in their transaction: the funnel counts them as conversions. */
  onLeadsOfVisits?: LeadsOfVisitsStored;
}

function configuredPhoneCheck(config: Config, db: Database, log: FastifyBaseLogger, now: () => number): PhoneCheck {
  if (config.phoneLookupUrl === undefined || config.phoneLookupApiKey === undefined) return offlinePhoneCheck;
  return paidPhoneCheck({
    lookup: httpPhoneLookup({ url: config.phoneLookupUrl, apiKey: config.phoneLookupApiKey }),
    cacheMs: config.phoneLookupCacheSeconds * 1000,
    dailyCap: config.phoneLookupDailyCap,
    calls: databaseLookupCalls(db),
    // Every server on PostgreSQL pays for a number once between them; the embedded database has one server.
    answers: db.kind === 'postgres' ? databasePhoneAnswers(db) : processPhoneAnswers(),
    now,
    warn: (message) => log.warn(message),
  });
}

function configuredClaimer(config: Config): CertificateClaimer | undefined {
  return config.trustedFormApiKey === undefined ? undefined : trustedFormClaimer({ apiKey: config.trustedFormApiKey });
}

export const intake: FastifyPluginAsync<IntakeOptions> = async (app, options) => {
  const { config, db, now } = options;
  registerZipcodeRoutes(app);
  registerRemoteAddressRoutes(app);
  registerPhoneRoutes(app, options.phoneCheck ?? configuredPhoneCheck(config, db, app.log, now));
  registerTrustedFormRoutes(app, db, options.certificateClaimer ?? configuredClaimer(config));
  if (options.delivery === undefined) {
    app.log.warn('no delivery queue: POST /api/v1/leads/trigger answers 503 until one is configured');
    await registerLeadRoutes(app, undefined);
  } else {
    const lenders = lenderNames(options.lenders);
    const names = { product: config.productName, lenders };
    const flows = publishedLeadFlows(
      readLeadFlows(options.flowsDir, names),
      options.catalog,
      names,
      readLanguages(options.flowsDir),
      (version, error) =>
        app.log.error(
          { version, reason: (error as Error).message },
          'a published version cannot take leads; its leads are refused',
        ),
    );
    await registerLeadRoutes(app, {
      flows,
      db,
      delivery: options.delivery,
      ...(options.onLeadsOfVisits === undefined ? {} : { onLeadsOfVisits: options.onLeadsOfVisits }),
    });
  }
};
