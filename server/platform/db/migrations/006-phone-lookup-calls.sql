-- Paid phone lookups counted per UTC day (docs/decisions/041-rate-limits-and-phone-costs.md): every server on the
-- database shares PHONE_LOOKUP_DAILY_CAP, and a restart forgets none of the day's calls. One row a day, kept as the
-- record of what the provider may bill.
create table phone_lookup_calls (
  day date primary key,
  calls integer not null check (calls > 0)
);
