-- The first-party funnel (docs/decisions/024-funnel-events.md): the step events the page reports to /api/events.
-- Nothing personal: a random visit id, a flow version, step ids, a device class and the campaign the visit came from.

-- One row per event. `id` is the received order (a batch's events in the order the page sent them), which breaks
-- ties of the visitor's clock; `client_at` is that clock in milliseconds since 1970 (only differences within a visit
-- count); `received_at` is the server's, which the date filters and retention use.
create table funnel_events (
  id bigint generated always as identity primary key,
  visit text not null,
  flow_version text not null,
  step text not null,
  type text not null check (type in ('view', 'advance', 'back', 'leave', 'lead', 'offer')),
  offer text null,
  client_at bigint not null check (client_at >= 0),
  received_at timestamptz not null default now(),
  device text not null check (device in ('phone', 'tablet', 'desktop')),
  utm_source text null,
  utm_medium text null,
  utm_campaign text null
);

-- The funnel reads one version over a range of days.
create index funnel_events_version_received on funnel_events (flow_version, received_at);
-- A visit's events in its own order: the bot check at intake, and the funnel's last step and time on a step.
create index funnel_events_visit on funnel_events (visit, client_at, id);

-- Visits marked as bots: stored, left out of the funnel, kept for an audit until retention removes their events.
-- 'honeypot': a batch said the form's trap field was filled; 'rate': its events came faster than a person acts.
create table funnel_bot_visits (
  visit text primary key,
  reason text not null check (reason in ('honeypot', 'rate')),
  marked_at timestamptz not null default now()
);
create index funnel_bot_visits_marked_at on funnel_bot_visits (marked_at);
