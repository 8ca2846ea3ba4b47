-- The operators' console: its users, their sessions, invitations, failed sign-ins and the audit log.

create table console_users (
  id uuid primary key,
  email text not null,
  role text not null check (role in ('admin', 'operator', 'marketer')),
  -- argon2id, PHC string; null until the invited user sets a password.
  password_hash text null,
  disabled_at timestamptz null,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz null
);
create unique index console_users_email on console_users (lower(email));

-- A session is known by the SHA-256 of its cookie's token: the database never holds a token that would sign anyone in.
create table console_sessions (
  token_sha256 text primary key check (token_sha256 ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references console_users (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null
);
create index console_sessions_user on console_sessions (user_id);

create table console_invitations (
  token_sha256 text primary key check (token_sha256 ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references console_users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz null
);

-- Failed sign-ins by account (lower-cased email) and by client address, counted over the lockout window.
create table console_sign_in_failures (
  kind text not null check (kind in ('account', 'address')),
  key text not null,
  failed_at timestamptz not null
);
create index console_sign_in_failures_key on console_sign_in_failures (kind, key, failed_at);

create table console_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor text null,
  action text not null,
  target text null,
  ip text not null
);
