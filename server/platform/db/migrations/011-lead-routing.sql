-- Participating lenders (docs/decisions/070-participating-lenders.md): each lead goes through the buyers in priority
-- order until one takes it. Buyers are configured in LENDERS_FILE, not here: `buyer_id` is a lender's id from
-- site/content/lenders.json (or 'lead-forward', the one buyer LEAD_FORWARD_URL makes).

-- The lead's path through the buyers, one row per buyer considered, in the order considered (`position`): skipped
-- (not eligible: its filters, schedule, cap or dedupe window, said in `reason`), sending (its cap slot is reserved and
-- attempts run or wait to be retried), delivered, refused (the buyer said no, `reason`), failed (its retries were
-- spent). One row per lead and buyer: a buyer is never offered the same lead twice.
create table lead_routes (
  lead_id uuid not null references leads (id) on delete cascade,
  buyer_id text not null,
  position integer not null check (position >= 1),
  state text not null check (state in ('skipped', 'sending', 'delivered', 'refused', 'failed')),
  reason text null,
  -- Attempts made to this buyer; the next retry's pause follows from it.
  attempts integer not null default 0 check (attempts >= 0),
  -- The cap periods a slot was reserved in (the buyer's day and month, in its time zone), so a refusal or failure
  -- gives back exactly that slot.
  cap_day text null,
  cap_month text null,
  decided_at timestamptz not null,
  delivered_at timestamptz null,
  primary key (lead_id, buyer_id),
  unique (lead_id, position)
);
-- A buyer's deliveries by time: its dedupe window, its counts and return rate in the console.
create index lead_routes_buyer_delivered on lead_routes (buyer_id, delivered_at) where state = 'delivered';

-- Slots taken in each buyer's caps, per period: updated with the row locked (insert ... on conflict do update ...
-- where used < cap), so servers sharing one PostgreSQL never give a buyer more than its cap.
create table buyer_cap_usage (
  buyer_id text not null,
  period text not null check (period in ('day', 'month')),
  period_key text not null,
  used integer not null check (used >= 0),
  primary key (buyer_id, period, period_key)
);

-- Where the lead ended: delivered_at and delivered_to (the buyer) when a buyer took it; delivery_state 'unsold' when
-- every buyer refused or none was eligible, 'dead-lettered' when buyers failed until their retries were spent (or the
-- job itself gave up); delivery_reason says why in a line. held still says why a lead was held back.
alter table leads add column delivered_to text null;
alter table leads add column delivery_reason text null;
alter table leads drop constraint leads_delivery_state_check;
alter table leads add constraint leads_delivery_state_check
  check (delivery_state in ('queued', 'dead-lettered', 'unsold'));
create index leads_unsold_newest on leads (received_at desc, id desc)
  where delivery_state = 'unsold' and delivered_at is null and held is null;

-- Which buyer each attempt went to; null for attempts from before buyers.
alter table delivery_attempts add column buyer_id text null;

-- A buyer's return of a lead it received, within 7 days of delivery, through a signed call: one per lead and buyer.
-- `reason` is a short code (like `disconnected_phone`), never free text that could echo the lead.
create table lead_returns (
  lead_id uuid not null references leads (id) on delete cascade,
  buyer_id text not null,
  reason text not null,
  returned_at timestamptz not null,
  primary key (lead_id, buyer_id)
);
create index lead_returns_buyer on lead_returns (buyer_id, returned_at);

-- Events sent to buyers about a lead they received: 'lead.revoked' when its visitor opted out of sale or revoked
-- consent. Signed and retried like a lead; one per lead, buyer and type.
create table buyer_events (
  id uuid primary key,
  lead_id uuid not null references leads (id) on delete cascade,
  buyer_id text not null,
  type text not null check (type in ('lead.revoked')),
  cause text not null check (cause in ('opt-out', 'consent-revoked')),
  created_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  last_error text null,
  delivered_at timestamptz null,
  unique (lead_id, buyer_id, type)
);

-- A lead whose visitor revoked consent (recorded by an operator in the console) is held back: 'consent-revoked'.
alter table leads drop constraint leads_held_check;
alter table leads add constraint leads_held_check
  check (held in ('honeypot', 'duplicate', 'opted-out', 'operator', 'consent-revoked'));
