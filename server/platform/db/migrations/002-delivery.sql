-- Every attempt to deliver a lead to the lender, successful or not: what support looks at when a lender says a lead
-- never arrived. The delivery jobs themselves live in pg-boss's own schema, which pg-boss creates and migrates.
-- No personal data here: `error` is a short summary (an HTTP status, a timeout, a refused connection), never the
-- lender's answer.
create table delivery_attempts (
  lead_id uuid not null references leads (id) on delete cascade,
  attempt integer not null check (attempt >= 1),
  attempted_at timestamptz not null,
  http_status integer null,
  outcome text not null check (outcome in ('delivered', 'failed')),
  error text null,
  primary key (lead_id, attempt)
);
