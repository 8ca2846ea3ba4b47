/**
 * What BUYERS_FILE's schema cannot say about a buyer: its lender is one of site/content/lenders.json and has no other
 * buyer, its URLs are https (docs/decisions/091-buyers-over-https.md) and its secrets work, its time zone, states and
 * ranges make sense, its filters' values are ones the flows offer, its field map renames lead fields to names of their
 * own, its amounts of money are whole cents. Read on the raw JSON (a wrong type is the schema's to report), each
 * problem at its JSON pointer. Endpoints and secrets are never repeated in a message: they may hold keys.
 */
import type { Located } from '../../../engine/content/json-file.ts';
import { LENDER_ID_PATTERN } from '../../../contracts/lenders.ts';
import { didYouMean } from '../../../engine/flow/suggest.ts';
import { pointerTo } from '../../../engine/flow/explain.ts';
import { SERVED_STATES } from '../../../contracts/served-area.ts';
import { webUrl } from '../../platform/config/parsers.ts';
import { signingKey } from '../../platform/webhook-signature.ts';
import { MAPPABLE_FIELDS } from '../delivery/field-map.ts';
import { cleartextProblem } from './cleartext.ts';
import type { FlowValues } from './flow-values.ts';
import { isTimeZone } from '../routing/zoned-time.ts';

/** Territories' postal codes: the product takes no leads there (docs/decisions/046-us-territories.md). */
const TERRITORIES: ReadonlySet<string> = new Set(['PR', 'VI', 'GU', 'MP', 'AS', 'FM', 'MH', 'PW']);

const HH_MM = /^\d\d:\d\d$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const strings = (value: unknown): [number, string][] =>
  Array.isArray(value)
    ? value.flatMap((item, index): [number, string][] => (typeof item === 'string' ? [[index, item]] : []))
    : [];

/** A URL leads (or their revocations) are sent to: absolute, and https unless it is this machine. */
function urlProblem(value: unknown, at: string): Located[] {
  if (typeof value !== 'string' || value === '') return [];
  const message = webUrl(value).ok
    ? cleartextProblem(value)
    : 'must be an absolute https:// URL, like https://leads.buyer.example/v1/leads';
  return message === undefined ? [] : [{ pointer: at, message: `${message} (not shown here: it may hold a key)` }];
}

/**
 * An amount of USD with more than 2 decimals: no lead sells for a fraction of a cent, and amounts are stored exactly
 * as numeric(12,2). A number the schema refuses is its to report.
 */
export function centsProblem(value: unknown, at: string): Located[] {
  if (typeof value !== 'number' || !Number.isFinite(value)) return [];
  // For a number of at most 2 decimals, rounding to cents gives the number itself back.
  if (Math.round(value * 100) / 100 === value) return [];
  return [{ pointer: at, message: `${value} has more than 2 decimals: write whole cents, like ${value.toFixed(2)}` }];
}

function secretProblems(value: unknown, at: string): Located[] {
  return strings(value).flatMap(([index, secret]) => {
    const parsed = signingKey(secret);
    if (!('problem' in parsed)) return [];
    return [
      {
        pointer: pointerTo(at, index),
        message: `${parsed.problem}: make one with npm run leads -- new-secret (the secret is not shown here)`,
      },
    ];
  });
}

function stateProblems(value: unknown, at: string): Located[] {
  return strings(value).flatMap(([index, state]) => {
    if (SERVED_STATES.includes(state)) return [];
    const message = TERRITORIES.has(state)
      ? `"${state}" is a US territory, where the product takes no leads: leave it out`
      : SERVED_STATES.includes(state.toUpperCase())
        ? `"${state}" is not a US state code: write it in capitals, "${state.toUpperCase()}"`
        : `"${state}" is not a US state code (the 50 states and DC, like "CA")`;
    return [{ pointer: pointerTo(at, index), message }];
  });
}

/** Values outside `offered`: `what` names such a value ("a flow version"), `list` the offered ones. */
function offeredProblems(
  value: unknown,
  at: string,
  offered: readonly string[],
  { what, list }: { what: string; list: string },
): Located[] {
  return strings(value).flatMap(([index, given]) => {
    if (offered.includes(given)) return [];
    const hint = didYouMean(given, offered) || ` (${list}: ${offered.join(', ')})`;
    return [{ pointer: pointerTo(at, index), message: `"${given}" is not ${what}${hint}` }];
  });
}

function rangeProblem(value: unknown, at: string): Located[] {
  if (!isObject(value) || typeof value.min !== 'number' || typeof value.max !== 'number') return [];
  if (value.min <= value.max) return [];
  return [{ pointer: at, message: `min ${value.min} is above max ${value.max}: swap them` }];
}

function scheduleProblem(value: unknown, at: string): Located[] {
  if (!isObject(value) || typeof value.from !== 'string' || typeof value.to !== 'string') return [];
  // A time the schema refuses is its to report; "HH:MM" strings compare as the times they write.
  if (!HH_MM.test(value.from) || !HH_MM.test(value.to) || value.from < value.to) return [];
  return [
    {
      pointer: pointerTo(at, 'to'),
      message: `${value.to} is not after from ${value.from}: the hours run from "from" to "to" within one day`,
    },
  ];
}

function fieldMapProblems(value: unknown, at: string): Located[] {
  if (!isObject(value)) return [];
  const found: Located[] = [];
  const renamed = new Set(Object.keys(value));
  const firstTarget = new Map<string, string>();
  for (const [field, target] of Object.entries(value)) {
    const pointer = pointerTo(at, field);
    if (!MAPPABLE_FIELDS.includes(field)) {
      found.push({
        pointer,
        message: `"${field}" is not a lead field${didYouMean(field, MAPPABLE_FIELDS) || ` (the fields: ${MAPPABLE_FIELDS.join(', ')})`}`,
      });
    }
    if (typeof target !== 'string') continue;
    const earlier = firstTarget.get(target);
    if (earlier !== undefined) {
      found.push({
        pointer,
        message: `"${target}" is already the name of "${earlier}": each field needs a name of its own`,
      });
    } else if (MAPPABLE_FIELDS.includes(target) && !renamed.has(target)) {
      found.push({
        pointer,
        message: `"${target}" is the name of a lead field it still receives: rename "${target}" too, or choose another name`,
      });
    }
    firstTarget.set(target, field);
  }
  return found;
}

/** What a buyer is checked against. */
export interface BuyerContext {
  /** The ids of site/content/lenders.json. */
  lenderIds: readonly string[];
  /** The lenders of the buyers before this one, at their index. */
  taken: ReadonlyMap<string, number>;
  /** What the flows offer (flow-values.ts). */
  offered: FlowValues;
}

/** A buyer's problems beyond the schema, at pointers under `at`. */
export function buyerProblems(buyer: unknown, at: string, { lenderIds, taken, offered }: BuyerContext): Located[] {
  if (!isObject(buyer)) return [];
  const found: Located[] = [];
  const { lender } = buyer;
  // An id its pattern refuses is the schema's to report.
  if (typeof lender === 'string' && new RegExp(LENDER_ID_PATTERN).test(lender)) {
    const earlier = taken.get(lender);
    if (!lenderIds.includes(lender)) {
      const hint = didYouMean(lender, lenderIds) || ` (its lenders: ${lenderIds.join(', ')})`;
      found.push({
        pointer: pointerTo(at, 'lender'),
        message: `"${lender}" is not a lender of site/content/lenders.json${hint}: add it there first, or correct the id`,
      });
    } else if (earlier !== undefined) {
      found.push({
        pointer: pointerTo(at, 'lender'),
        message: `"${lender}" has a buyer already (/buyers/${earlier}): each lender once`,
      });
    }
  }
  found.push(...urlProblem(buyer.endpoint, pointerTo(at, 'endpoint')));
  found.push(...urlProblem(buyer.eventsEndpoint, pointerTo(at, 'eventsEndpoint')));
  found.push(...urlProblem(buyer.pingEndpoint, pointerTo(at, 'pingEndpoint')));
  found.push(...centsProblem(buyer.price, pointerTo(at, 'price')));
  found.push(...centsProblem(buyer.minPrice, pointerTo(at, 'minPrice')));
  found.push(...secretProblems(buyer.secrets, pointerTo(at, 'secrets')));
  if (typeof buyer.timeZone === 'string' && buyer.timeZone !== '' && !isTimeZone(buyer.timeZone)) {
    found.push({
      pointer: pointerTo(at, 'timeZone'),
      message: `"${buyer.timeZone}" is not an IANA time zone, like America/New_York`,
    });
  }
  if (isObject(buyer.filters)) {
    const filters = pointerTo(at, 'filters');
    found.push(...stateProblems(buyer.filters.states, pointerTo(filters, 'states')));
    const { creditScores, loanPurposes, flowVersions } = buyer.filters;
    found.push(
      ...offeredProblems(creditScores, pointerTo(filters, 'creditScores'), offered.creditScores, {
        what: 'a credit score any flow offers',
        list: 'the flows offer',
      }),
      ...offeredProblems(loanPurposes, pointerTo(filters, 'loanPurposes'), offered.loanPurposes, {
        what: 'a loan purpose any flow offers',
        list: 'the flows offer',
      }),
      ...offeredProblems(flowVersions, pointerTo(filters, 'flowVersions'), offered.flowVersions, {
        what: 'a flow version',
        list: 'the versions',
      }),
    );
    found.push(...rangeProblem(buyer.filters.amount, pointerTo(filters, 'amount')));
    found.push(...rangeProblem(buyer.filters.monthsInBusiness, pointerTo(filters, 'monthsInBusiness')));
  }
  found.push(...scheduleProblem(buyer.schedule, pointerTo(at, 'schedule')));
  found.push(...fieldMapProblems(buyer.fieldMap, pointerTo(at, 'fieldMap')));
  return found;
}
