-- The funnel answered from rollups kept as events and leads arrive (docs/decisions/103-funnel-rollups.md), not
-- counted from the raw events on every request. The raw events stay the truth: `npm run leads -- funnel-rebuild`
-- recomputes both tables from them.

-- What each visit adds to the rollups, one row per visit and flow version: its day (the UTC day of its first event
-- received) and campaign and device (its first event's), the steps it viewed and moved on from, its last viewed step,
-- whether it stored a lead, and its timed views ([step, milliseconds to two significant figures], ...). When a visit's
-- events or lead arrive, its contribution is taken out of the rollups and its new one, computed from its stored
-- events, put in; a visit marked as a bot has none.
create table funnel_visits (
  visit text not null,
  flow_version text not null,
  day date not null,
  utm_source text not null,
  utm_campaign text not null,
  device text not null,
  viewed text[] not null,
  advanced text[] not null,
  exit_step text null,
  lead boolean not null,
  timings jsonb not null,
  primary key (visit, flow_version)
);
create index funnel_visits_day on funnel_visits (day);

-- The sums: per flow version, day and step, at five grains so that each filter reads few rows: 'all' (no campaign or
-- device), 'source', 'campaign' and 'device' (that one column, the others ''), and 'full' (all three, for filters
-- that combine them). A null utm_source or utm_campaign is ''. The step '' holds the visitors and leads; a step's
-- row its views, moved on, exits and `times`, a histogram of its timed views ({"milliseconds": count}).
create table funnel_rollups (
  flow_version text not null,
  grain text not null check (grain in ('all', 'source', 'campaign', 'device', 'full')),
  day date not null,
  step text not null,
  utm_source text not null,
  utm_campaign text not null,
  device text not null,
  views integer not null,
  advanced integer not null,
  exits integer not null,
  visitors integer not null,
  leads integer not null,
  times jsonb not null,
  primary key (flow_version, grain, day, step, utm_source, utm_campaign, device)
);
create index funnel_rollups_day on funnel_rollups (day);

-- Two histograms added bucket by bucket; a bucket that comes to 0 is dropped.
create function funnel_add_times(a jsonb, b jsonb) returns jsonb language sql immutable as $$
  select coalesce(jsonb_object_agg(k, n) filter (where n <> 0), '{}'::jsonb)
    from (select k, sum(v::integer) as n
            from (select * from jsonb_each_text(a) union all select * from jsonb_each_text(b)) e(k, v)
           group by k) s
$$;
