-- Secrets every server of one installation must share, made by the first server that needs one
-- (docs/decisions/092-cross-site-requests-and-cookies.md): today the key that XSRF tokens are signed with, so a token
-- one server issued is recognised by the others.
create table server_secrets (
  name text primary key,
  value bytea not null,
  created_at timestamptz not null default now()
);
