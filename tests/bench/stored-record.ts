/**
 * The answers a returning visitor has stored when they reach the email step, in the page's own format
 * (engine/state/record.ts): one JSON object under the flow's storageKey with `expire_time` in milliseconds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORD_LIFETIME_MS, type FormRecord } from '../../engine/state/record.ts';
import { FLOWS_DIR } from '../../server/platform/paths.ts';

/** The step the mid-flow Lighthouse run loads, and the steps answered before it. */
export const MID_FLOW_PATH = '/email';

export const ANSWERS_BEFORE_EMAIL: FormRecord = {
  business_type: 'Partnership',
  amount: 50000,
  loan_purpose: 'PAYROLL',
  loan_timing: 'Within a week',
  average_monthly_revenue: 30000,
  credit_score: 'Good (680-719)',
  business_name: 'Acme Tools',
  business_zipcode: '90210',
  business_start_month: '05',
  business_start_year: '2018',
  business_industry: 'RETAILTRADE',
  first_name: 'Sample',
  last_name: 'Visitor',
};

export interface StoredRecord {
  key: string;
  value: string;
}

/** The storage key of flows/business-funding.json and the record the page would have written at `now`. */
export function storedRecord(now = Date.now()): StoredRecord {
  const flow = JSON.parse(readFileSync(join(FLOWS_DIR, 'business-funding.json'), 'utf8')) as { storageKey: string };
  return {
    key: flow.storageKey,
    value: JSON.stringify({ ...ANSWERS_BEFORE_EMAIL, expire_time: now + RECORD_LIFETIME_MS }),
  };
}
