-- "Do Not Sell My Information" opt-outs (docs/decisions/047-built-in-legal-pages-and-opt-outs.md). One row per email
-- or phone number a visitor opted out with: the SHA-256 of the value, normalised and labelled with its kind
-- (server/privacy/contact-keys.ts), never the value itself. Kept for as long as leads arrive: an opt-out does not expire.
create table privacy_opt_outs (
  contact_sha256 text primary key check (contact_sha256 ~ '^[0-9a-f]{64}$'),
  kind text not null check (kind in ('email', 'phone')),
  opted_out_at timestamptz not null
);

-- A lead whose email or phone opted out is held back from lenders when its delivery comes: 'opted-out'.
alter table leads drop constraint leads_held_check;
alter table leads add constraint leads_held_check check (held in ('honeypot', 'duplicate', 'opted-out'));
