-- Retention (docs/decisions/043-retention.md). A lead older than LEAD_RETENTION_DAYS keeps its row (id, flow, times,
-- delivery history: nothing personal) and loses its payload; `purged_at` says when, and that its empty payload is
-- not a lead to deliver. Its consent evidence is kept five years after the consent, and takes from the payload, as
-- it is erased, the phone number and email the consent was given for: a dispute names a number.
alter table leads add column purged_at timestamptz null;

alter table consent_evidence add column phone text null;
alter table consent_evidence add column email text null;

-- The purge looks leads up by age, and evidence by age.
create index leads_received_at on leads (received_at) where purged_at is null;
create index consent_evidence_consented_at on consent_evidence (consented_at);
