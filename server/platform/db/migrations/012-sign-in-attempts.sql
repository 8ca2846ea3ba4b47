-- Sign-in attempts counted before the password is checked (docs/decisions/063-sign-in-lockout.md), and password-reset
-- links (docs/decisions/064-console-passwords.md).

-- The failures counted one by one after each check gave way to a counter per key and window, taken atomically before
-- the check: the rows of the old table only ever counted the last half hour.
drop table console_sign_in_failures;

-- One row per key, counting its current 15-minute window, which began with the key's first attempt in it
-- (`window_start`): 'account-address' is one account (the email typed, lower-cased) from one client address (an IPv6
-- address by its /64), 'address' one address for any accounts (account ''), 'account' one account from every address
-- (address ''). `attempts` is taken with insert ... on conflict ... returning, so concurrent sign-ins each get a count
-- of their own.
create table console_sign_in_attempts (
  kind text not null check (kind in ('account-address', 'address', 'account')),
  account text not null,
  address text not null,
  window_start timestamptz not null,
  attempts integer not null check (attempts >= 0),
  primary key (kind, account, address)
);
create index console_sign_in_attempts_window on console_sign_in_attempts (window_start);

-- One-time links an admin gives a user who lost their password: like invitations, only the token's SHA-256 is kept.
create table console_password_resets (
  token_sha256 text primary key check (token_sha256 ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references console_users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz null
);
create index console_password_resets_user on console_password_resets (user_id);
