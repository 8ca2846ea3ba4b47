/**
 * The query string of the console's lead list, CSV and counts, checked: each bad parameter is named, and what passes
 * becomes SQL conditions over `leads l` with their parameters.
 */
import { LEAD_STATUSES, type LeadStatus } from '../../../contracts/console.ts';
import { emailKey, phoneKey } from '../../../contracts/opt-out.ts';
import {
  checkDateRange,
  Conditions,
  nextDay,
  queryText,
  type DateRange,
  type FieldProblem,
  type Query,
} from '../../platform/http/request-query.ts';
import { EMAIL_KEY_SQL, PHONE_DIGITS_SQL, STATUS_CONDITION, UTM_CAMPAIGN_SQL, UTM_SOURCE_SQL } from './lead-columns.ts';

export type Search = { kind: 'id'; id: string } | { kind: 'email'; email: string } | { kind: 'phone'; digits: string };

export interface LeadFilters extends DateRange {
  search?: Search;
  status?: LeadStatus;
  version?: string;
  utmSource?: string;
  utmCampaign?: string;
  /** The language the form was filled in: "en", "es". */
  language?: string;
}

export interface Cursor {
  /** received_at in microseconds since the epoch (JavaScript dates keep only milliseconds). */
  receivedAtUs: string;
  id: string;
}

export interface ListQuery {
  filters: LeadFilters;
  cursor?: Cursor;
  limit: number;
}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string) => UUID.test(text);
/** A language code as leads store it; any other is refused rather than matching nothing. */
const LANGUAGE_CODE = /^[a-z]{2}$/;
const isLeadStatus = (text: string): text is LeadStatus => LEAD_STATUSES.some((status) => status === text);

type Checked<T> = { ok: true; value: T } | { ok: false; fields: FieldProblem[] };

function search(q: string, problems: FieldProblem[]): Search | undefined {
  const trimmed = q.trim();
  if (trimmed === '') return undefined;
  if (isUuid(trimmed)) return { kind: 'id', id: trimmed.toLowerCase() };
  if (trimmed.includes('@')) return { kind: 'email', email: emailKey(trimmed) };
  const digits = phoneKey(trimmed);
  if (/^[0-9()+.\s-]+$/.test(trimmed) && digits.length >= 7) return { kind: 'phone', digits };
  problems.push({ field: 'q', keyword: 'format', message: 'q must be an email, a phone number or a lead id' });
  return undefined;
}

function checkFilters(query: Query, problems: FieldProblem[]): LeadFilters {
  const filters: LeadFilters = checkDateRange(query, problems);
  const q = queryText(query, 'q', problems);
  if (q !== undefined) {
    const found = search(q, problems);
    if (found !== undefined) filters.search = found;
  }
  const status = queryText(query, 'status', problems);
  if (status !== undefined && status !== '') {
    if (isLeadStatus(status)) filters.status = status;
    else
      problems.push({ field: 'status', keyword: 'enum', message: `status must be one of ${LEAD_STATUSES.join(', ')}` });
  }
  const version = queryText(query, 'version', problems);
  if (version !== undefined && version !== '') filters.version = version;
  const utmSource = queryText(query, 'utm_source', problems);
  if (utmSource !== undefined && utmSource !== '') filters.utmSource = utmSource;
  const utmCampaign = queryText(query, 'utm_campaign', problems);
  if (utmCampaign !== undefined && utmCampaign !== '') filters.utmCampaign = utmCampaign;
  const language = queryText(query, 'language', problems);
  if (language !== undefined && language !== '') {
    if (LANGUAGE_CODE.test(language)) filters.language = language;
    else problems.push({ field: 'language', keyword: 'pattern', message: 'language must be a language code: en, es' });
  }
  return filters;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.receivedAtUs}.${cursor.id}`).toString('base64url');
}

function decodeCursor(value: string): Cursor | undefined {
  const [receivedAtUs, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('.');
  if (rest.length > 0 || receivedAtUs === undefined || id === undefined) return undefined;
  return /^-?\d{1,19}$/.test(receivedAtUs) && isUuid(id) ? { receivedAtUs, id } : undefined;
}

export function checkListQuery(query: Query): Checked<ListQuery> {
  const problems: FieldProblem[] = [];
  const filters = checkFilters(query, problems);
  let limit = DEFAULT_LIMIT;
  const limitText = queryText(query, 'limit', problems);
  if (limitText !== undefined) {
    const n = /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
    if (n >= 1 && n <= MAX_LIMIT) limit = n;
    else
      problems.push({
        field: 'limit',
        keyword: 'range',
        message: `limit must be a whole number from 1 to ${MAX_LIMIT}`,
      });
  }
  const cursorText = queryText(query, 'cursor', problems);
  const cursor = cursorText === undefined || cursorText === '' ? undefined : decodeCursor(cursorText);
  if (cursorText !== undefined && cursorText !== '' && cursor === undefined) {
    problems.push({ field: 'cursor', keyword: 'format', message: 'cursor must be a next_cursor of an earlier page' });
  }
  if (problems.length > 0) return { ok: false, fields: problems };
  return { ok: true, value: { filters, limit, ...(cursor === undefined ? {} : { cursor }) } };
}

/** The list's filters alone, for counting the leads they match. */
export function checkFilterQuery(query: Query): Checked<LeadFilters> {
  const problems: FieldProblem[] = [];
  const filters = checkFilters(query, problems);
  return problems.length > 0 ? { ok: false, fields: problems } : { ok: true, value: filters };
}

export function checkRangeQuery(query: Query): Checked<DateRange> {
  const problems: FieldProblem[] = [];
  const range = checkDateRange(query, problems);
  return problems.length > 0 ? { ok: false, fields: problems } : { ok: true, value: range };
}

export function rangeConditions(range: DateRange, conditions = new Conditions()): Conditions {
  const { from, to } = range;
  if (from !== undefined) conditions.add((p) => `l.received_at >= ${p(`${from}T00:00:00Z`)}::timestamptz`);
  if (to !== undefined) conditions.add((p) => `l.received_at < ${p(nextDay(to))}::timestamptz`);
  return conditions;
}

export function filterConditions(filters: LeadFilters): Conditions {
  const conditions = rangeConditions(filters);
  const { search: found, status, version, utmSource, utmCampaign, language } = filters;
  if (found?.kind === 'id') conditions.add((p) => `l.id = ${p(found.id)}::uuid`);
  if (found?.kind === 'email') conditions.add((p) => `${EMAIL_KEY_SQL} = ${p(found.email)}`);
  // Stored as written: with or without the country code 1.
  if (found?.kind === 'phone') {
    conditions.add((p) => `${PHONE_DIGITS_SQL} = any(${p([found.digits, `1${found.digits}`])}::text[])`);
  }
  if (status !== undefined) conditions.add(() => `(${STATUS_CONDITION[status]})`);
  if (version !== undefined) conditions.add((p) => `l.flow_version = ${p(version)}`);
  if (utmSource !== undefined) conditions.add((p) => `${UTM_SOURCE_SQL} = ${p(utmSource)}`);
  if (utmCampaign !== undefined) conditions.add((p) => `${UTM_CAMPAIGN_SQL} = ${p(utmCampaign)}`);
  if (language !== undefined) conditions.add((p) => `l.language = ${p(language)}`);
  return conditions;
}
