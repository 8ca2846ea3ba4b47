-- The console's second factor (docs/decisions/065-console-second-factor.md): a TOTP secret per user, its recovery
-- codes, and sessions that have passed the password but not yet the code.

-- The active secret (base32, as the authenticator app holds it) and when it was confirmed; null: no second factor.
alter table console_users add column second_factor_secret text null;
alter table console_users add column second_factor_since timestamptz null;
-- The last TOTP time step accepted (unix seconds / 30): a code of that step or an earlier one is refused (replay).
alter table console_users add column second_factor_last_step bigint null;
-- A secret being set up: it replaces the active one only once a code from the app confirms it.
alter table console_users add column second_factor_pending text null;

-- One-time recovery codes, known by their SHA-256 (random codes of 60 bits: no salt or slow hash needed).
create table console_recovery_codes (
  user_id uuid not null references console_users (id) on delete cascade,
  code_sha256 text not null check (code_sha256 ~ '^[0-9a-f]{64}$'),
  used_at timestamptz null,
  primary key (user_id, code_sha256)
);

-- A session whose password was right but whose code has not been given yet can only submit a code; after
-- `code_failures` reaches its limit it is ended.
alter table console_sessions add column awaiting_code boolean not null default false;
alter table console_sessions add column code_failures integer not null default 0;
