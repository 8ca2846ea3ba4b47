-- The auction of a lead (docs/decisions/146-auction-in-routing.md): each buyer pinged for a bid, with what it was sent
-- and what it answered, kept with the lead. A run after a crash or a retry reads the bids from here instead of
-- pinging again, and the lead's path in the console shows them. A ping holds no personal data (decision 145).
create table lead_pings (
  lead_id uuid not null references leads (id) on delete cascade,
  buyer_id text not null,
  -- The ping's own id: its webhook-id, and the `ping_id` the post to the winner carries.
  ping_id uuid not null,
  pinged_at timestamptz not null,
  -- The body sent, exactly as serialized (pingBody's allow-list).
  sent jsonb not null,
  -- Its answer: the HTTP status (null when none came) and the first 300 characters of the body.
  http_status integer null,
  answer text not null,
  -- A bid (its amount in USD) or no bid with its reason code (ping-client.ts NoBidReason).
  bid numeric(12, 2) null check (bid >= 0),
  no_bid_reason text null,
  -- What went wrong on the way when no answer came ("no answer within 750 ms").
  error text null,
  duration_ms integer not null check (duration_ms >= 0),
  -- One ping per lead and buyer: two servers running the same lead after a crash keep the first stored.
  primary key (lead_id, buyer_id),
  check ((bid is null) <> (no_bid_reason is null))
);

-- Failover: when the buyer's posts of this lead started failing (its first failed attempt), so the lead moves on once
-- they have failed for the sale's failoverSeconds; and when it did move on for that reason, which the Lenders page
-- counts per buyer.
alter table lead_routes add column failing_since timestamptz null;
alter table lead_routes add column moved_on_at timestamptz null;
create index lead_routes_buyer_failing on lead_routes (buyer_id, failing_since) where state = 'sending';
create index lead_routes_buyer_moved_on on lead_routes (buyer_id, moved_on_at) where moved_on_at is not null;
