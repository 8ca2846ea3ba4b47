-- What several servers on one PostgreSQL database must count and keep together (docs/decisions/090-limits-across-servers.md):
-- the rate limits' counts and the phone lookup's answers. The embedded database has one server, which keeps both in
-- its own memory: there these tables stay empty.

-- Requests per key (a hash of the route, the limit and the visit or address) in the fixed window ending at
-- window_end. Unlogged: a count lives an hour at most, so it is written without the write-ahead log (no disk flush
-- per request) and a crash of the database empties the table, which can only let requests through.
create unlogged table rate_limit_counts (
  key text not null,
  window_end timestamptz not null,
  count integer not null,
  primary key (key, window_end)
);

-- The phone lookup provider's answer per number, for PHONE_LOOKUP_CACHE_SECONDS: a number is paid for once, whichever
-- server is asked. The number is kept as an HMAC with the salt below, never in clear.
create table phone_lookup_answers (
  number_key text primary key,
  status text not null,
  expires_at timestamptz not null
);

-- One salt for every server, made here from two random UUIDs (244 random bits).
create table phone_lookup_salt (
  only_row boolean primary key default true check (only_row),
  salt text not null
);
insert into phone_lookup_salt (salt) values (gen_random_uuid()::text || gen_random_uuid()::text);
