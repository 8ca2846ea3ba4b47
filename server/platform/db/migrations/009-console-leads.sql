-- The console's list of leads (docs/decisions/061-lead-status-in-the-console.md).

-- Where a lead's delivery stands, as the delivery code last left it: 'queued' (a delivery job waits, runs or retries)
-- or 'dead-lettered' (its job gave up and waits in the dead-letter queue for an operator); null for a lead never
-- queued. `held` and `delivered_at` come first: a held or delivered lead is that, whatever this says. Kept here so the
-- list filters by status with an index instead of reading pg-boss's jobs.
alter table leads add column delivery_state text null check (delivery_state in ('queued', 'dead-lettered'));

-- An operator can hold back a lead not yet delivered: 'operator'.
alter table leads drop constraint leads_held_check;
alter table leads add constraint leads_held_check check (held in ('honeypot', 'duplicate', 'opted-out', 'operator'));

-- How long the lender took to answer each attempt; null for attempts recorded before this column.
alter table delivery_attempts add column duration_ms integer null check (duration_ms >= 0);

-- Leads already stored: their state from pg-boss's jobs, when pg-boss's schema is there (it is created at the
-- delivery's first start, after the first migrations).
do $$
begin
  if to_regclass('pgboss.job') is not null then
    execute $sql$
      update leads l set delivery_state = 'dead-lettered'
       where l.delivered_at is null
         and exists (select 1 from pgboss.job j
                      where j.name = 'lead-delivery-dead' and j.state = 'created' and j.data->>'leadId' = l.id::text)
    $sql$;
    execute $sql$
      update leads l set delivery_state = 'queued'
       where l.delivered_at is null and l.delivery_state is null
         and exists (select 1 from pgboss.job j
                      where j.name = 'lead-delivery' and j.state in ('created', 'retry', 'active')
                        and j.data->>'leadId' = l.id::text)
    $sql$;
  end if;
end
$$;

-- Newest first, page after page.
create index leads_newest on leads (received_at desc, id desc);
-- A search by email (case-insensitive) or by phone (its digits).
create index leads_email on leads (lower(payload->>'email'));
create index leads_phone_digits on leads (regexp_replace(payload->>'phone', '[^0-9]', '', 'g'));
-- The rarer statuses, filtered without reading every lead.
create index leads_held_newest on leads (received_at desc, id desc) where held is not null;
create index leads_dead_lettered_newest on leads (received_at desc, id desc)
  where delivery_state = 'dead-lettered' and delivered_at is null and held is null;
