/**
 * Retention: a daily job that removes what the server may no longer keep (personal data past LEAD_RETENTION_DAYS,
 * consent evidence past five years, funnel events past 400 days), on every server sharing the database, once a day.
 */
export { createRetentionJob, type RetentionJob } from './retention-job.ts';
