-- Leads as received, and the evidence of the consent each visitor gave. Both are written in the same transaction as
-- the lead's delivery job, so none exists without the others.
create table leads (
  id uuid primary key,
  received_at timestamptz not null default now(),
  flow text not null,
  flow_version text not null,
  payload jsonb not null,
  delivered_at timestamptz null
);

-- The exact text shown, its version and SHA-256, and where and how it was given: what a lender or a regulator asks
-- for when a visitor disputes having agreed to be called.
create table consent_evidence (
  lead_id uuid primary key references leads (id),
  consent_version text not null,
  consent_text text not null,
  consent_sha256 text not null check (consent_sha256 ~ '^[0-9a-f]{64}$'),
  consented_at timestamptz not null,
  ip text not null,
  user_agent text null,
  page_url text null,
  certificate_url text null,
  -- Set while the certificate is being claimed and once it is: each certificate is claimed (and paid for) once.
  certificate_claimed_at timestamptz null
);

create index consent_evidence_certificate_url on consent_evidence (certificate_url);
