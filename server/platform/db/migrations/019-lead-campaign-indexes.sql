-- The leads' campaign parameters indexed as the console reads them (server/console/leads/lead-columns.ts: the
-- attribution's, else the payload's own, else the page address's), so a filter by utm_source or utm_campaign finds its
-- leads through an index rather than by reading every payload, and the planner keeps statistics of them: the console's
-- count of matching leads takes its estimate past 10,000 from those (docs/decisions/068-the-count-of-matches-at-volume.md).
-- Each expression must stay exactly as lead-columns.ts writes it, or the index no longer serves the filter.
create index leads_utm_source on leads ((coalesce(
  nullif(payload->'attribution'->>'utm_source', ''),
  nullif(payload->>'utm_source', ''),
  substring(payload->>'source_url' from '[?&]utm_source=([^&#]*)'))));
create index leads_utm_campaign on leads ((coalesce(
  nullif(payload->'attribution'->>'utm_campaign', ''),
  nullif(payload->>'utm_campaign', ''),
  substring(payload->>'source_url' from '[?&]utm_campaign=([^&#]*)'))));
