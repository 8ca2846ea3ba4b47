-- Revenue in the funnel (docs/decisions/141-revenue-per-visitor.md): what each visit's leads sold for, kept in the
-- rollups beside its conversion, so the funnel reads revenue per visitor and its interval from sums, as it reads
-- everything else (docs/decisions/103-funnel-rollups.md).

-- A visit's revenue: the sale prices of its counted leads, a returned lead's left out. Exact dollars and cents.
alter table funnel_visits add column revenue numeric(14, 2) not null default 0;

-- On the step '' (the visitors' row), beside visitors and leads: the sum of the visitors' revenue, the sum of its
-- squares (the per-visit revenue's variance comes from these two and the visitors) and the visitors whose revenue is
-- above 0. Sums, so every grain and day adds up like the counts.
alter table funnel_rollups add column revenue numeric not null default 0;
alter table funnel_rollups add column revenue_squares numeric not null default 0;
alter table funnel_rollups add column sold integer not null default 0;

-- A lead is sold, or returned, after its visit was counted, by routing and by the buyers' returns, which know nothing
-- of the funnel. These triggers note its visit here, in the same transaction, and the funnel recounts the visits noted
-- before it answers and with each group of events it stores (server/funnel/revenue-changes.ts). No key: a note never
-- waits for another transaction's, and a visit noted twice is recounted once.
create table funnel_revenue_changes (
  id bigint generated always as identity primary key,
  visit text not null,
  flow_version text not null
);

create function funnel_note_lead_sold() returns trigger language plpgsql as $$
begin
  insert into funnel_revenue_changes (visit, flow_version) values (new.funnel_visit, new.flow_version);
  return null;
end
$$;

create trigger funnel_lead_sold after update of sold_price, delivered_to on leads
  for each row
  when (new.funnel_visit is not null
        and (old.sold_price is distinct from new.sold_price or old.delivered_to is distinct from new.delivered_to))
  execute function funnel_note_lead_sold();

create function funnel_note_lead_returned() returns trigger language plpgsql as $$
begin
  insert into funnel_revenue_changes (visit, flow_version)
  select funnel_visit, flow_version from leads where id = new.lead_id and funnel_visit is not null;
  return null;
end
$$;

create trigger funnel_lead_returned after insert on lead_returns
  for each row execute function funnel_note_lead_returned();
