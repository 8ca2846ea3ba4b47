-- What intake needs to keep its promises when clients retry and when bots or repeat visitors submit.

-- A client's Idempotency-Key and the SHA-256 of the request it came with: a retry with the same key gets the lead
-- already stored instead of a second one; the same key with another request is refused. Unique across every server
-- sharing the database.
alter table leads add column idempotency_key text null;
alter table leads add column request_sha256 text null;
create unique index leads_idempotency_key on leads (idempotency_key);

-- Why a stored lead is held back from lenders: 'honeypot' (a field people never see was filled: a bot) or
-- 'duplicate' (the same email and phone arrived within the last 24 hours). Held leads have no delivery job.
alter table leads add column held text null check (held in ('honeypot', 'duplicate'));

-- SHA-256 of the lead's normalised email and phone: finds a repeat without searching personal data, and is all a
-- purge needs to keep for it.
alter table leads add column contact_sha256 text null;
create index leads_contact_received on leads (contact_sha256, received_at);
