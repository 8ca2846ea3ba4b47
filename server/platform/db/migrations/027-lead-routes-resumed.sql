-- Failover's way back (docs/decisions/146-auction-in-routing.md): when a buyer's step, closed because the lead moved
-- on from it, was opened again because no buyer after it took the lead, so its retries resume on its schedule. Set,
-- the step is not opened a second time; moved_on_at stays, the Lenders page still counting the lead as moved on.
alter table lead_routes add column resumed_at timestamptz null;
