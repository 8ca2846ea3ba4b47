-- The funnel's visit a lead was sent from (docs/decisions/102-conversions-from-stored-leads.md): the funnel counts a
-- visit's conversion from its stored lead, never from an event the visitor's page reports. Null for a lead sent
-- without one (spec section 7's payload, a partner's client).
alter table leads add column funnel_visit text null;
create index leads_funnel_visit on leads (funnel_visit, flow_version) where funnel_visit is not null;
