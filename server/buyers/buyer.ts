/**
 * A buyer of leads as routing sees it: a company that buys leads under our rules, tied to one lender of the consent.
 * Its id and name are its lender's, from site/content/lenders.json (the names the consent text shows), everything
 * else from BUYERS_FILE (docs/buyers.md): settings, never the repository. BUYER_URL alone makes one buyer,
 * SINGLE_BUYER_ID, that takes every lead.
 */
import type { BuyerClient } from './delivery/buyer-client.ts';

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** Which leads a buyer takes; a filter left out takes every lead. Values are the lead's own (the flow's options). */
export interface BuyerFilters {
  /** Two-letter state codes of the business address (the lead's `state`). */
  states?: readonly string[];
  /** The amount asked for, in dollars, both ends included. */
  amount?: { min?: number; max?: number };
  /** The lead's `credit_score` values taken, exactly as the flow offers them ("Good (680-719)"). */
  creditScores?: readonly string[];
  /** Time in business, in whole months from `business_start_month`/`business_start_year` to the lead's arrival. */
  monthsInBusiness?: { min?: number; max?: number };
  /** The lead's `loan_purpose` values taken. */
  loanPurposes?: readonly string[];
  /** Flow versions (`v1`, `v2`, ...) whose leads are taken. */
  flowVersions?: readonly string[];
}

/** When a buyer takes leads: these days, from `from` to `to` (24-hour "HH:MM", `to` excluded), in its time zone. */
export interface BuyerSchedule {
  days: readonly Weekday[];
  from: string;
  to: string;
}

/** Most leads a buyer takes per day and per month, counted in its time zone. */
export interface BuyerCaps {
  perDay?: number;
  perMonth?: number;
}

/** What routing decides with: everything but the way to reach the buyer. */
export interface BuyerRules {
  id: string;
  name: string;
  /** Lower goes first; buyers of equal priority go in the order BUYERS_FILE lists them. */
  priority: number;
  /** IANA time zone of its schedule and caps' days and months. */
  timeZone: string;
  filters: BuyerFilters;
  /** Absent: any day, any time. */
  schedule?: BuyerSchedule;
  caps: BuyerCaps;
  /** Skip this buyer for a lead whose email or phone it received within this many days. */
  dedupeDays?: number;
  /** Renames the lead's fields in what it receives: lead field -> the buyer's field. Fields not named keep theirs. */
  fieldMap?: Readonly<Record<string, string>>;
  /**
   * What it pays for each lead it accepts, in USD with at most 2 decimals (checked at start, so `price.toFixed(2)`
   * is its exact amount). Absent: it buys at no stated price, and its leads carry none.
   */
  price?: number;
  /**
   * How long its answer to a ping is waited for, in milliseconds; read only with `pingEndpoint`. Buyers read from
   * BUYERS_FILE always have it (DEFAULT_PING_TIMEOUT_MS when the file gives none).
   */
  pingTimeoutMs?: number;
  /** The lowest bid of its that may win, in USD; absent: any bid at or above the seller's floor. */
  minPrice?: number;
}

/** A buyer with its way in: endpoint and signing keys, from settings. */
export interface Buyer extends BuyerRules {
  endpoint: string;
  /** HMAC keys of its `whsec_` secrets, newest first; empty: deliveries are unsigned. */
  signingKeys: readonly Buffer[];
  /** Where its events (lead.revoked) go; absent: `endpoint`. */
  eventsEndpoint?: string;
  /** Where it is asked for a bid on a lead without its personal data; absent: it is not pinged. */
  pingEndpoint?: string;
}

/** The terms of a sale across buyers: BUYERS_FILE's top-level keys beside `buyers`, each with its default. */
export interface SaleSettings {
  /** The least a bid must be for the lead to be sold on it, in USD. */
  floorPrice: number;
  /** Bids above this many USD are not believed: a sanity ceiling, never a price paid. */
  maxBid: number;
  /** Seconds of failed posts to one buyer after which a lead moves on to the next bid or buyer. */
  failoverSeconds: number;
}

/** Where and how a bidding buyer is asked for a bid (ping-client.ts PingTarget). */
export interface BuyerPingTarget {
  /** Its `pingEndpoint`: server configuration, never taken from a request. */
  pingEndpoint: string;
  /** The keys of its secrets: each ping is signed with each, as its posts are. */
  signingKeys: readonly Buffer[];
  /** Default: BUYERS_FILE's, DEFAULT_PING_TIMEOUT_MS. */
  pingTimeoutMs?: number | undefined;
}

/** A buyer ready to route to: its client posts to its endpoint with its keys and field map. */
export interface RoutedBuyer extends BuyerRules {
  client: BuyerClient;
  /** Where it is pinged for a bid on each lead; absent: it bids its `price`, or buys by priority without one. */
  ping?: BuyerPingTarget;
}

/**
 * The id of the one buyer BUYER_URL makes when BUYERS_FILE is not set. Its value stays as it was before the setting
 * was renamed: it is stored with the leads delivered to it (lead_routes.buyer_id, leads.delivered_to).
 */
export const SINGLE_BUYER_ID = 'lead-forward';

/** What routing reads of a lead to decide; built from its payload by `routableLead`. */
export interface RoutableLead {
  state: string | undefined;
  amount: number | undefined;
  creditScore: string | undefined;
  loanPurpose: string | undefined;
  flowVersion: string;
  /** Whole months in business when the lead arrived; undefined when the lead does not say. */
  monthsInBusiness: number | undefined;
  receivedAt: Date;
}
