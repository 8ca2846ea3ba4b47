-- The flow studio (docs/decisions/110-flow-studio-storage.md). A draft is an overlay of its base being edited: saved
-- as it changes, its revision counting each save so a second editor is told rather than overwriting. A published
-- version is written whole in one insert, with everything a server needs to serve it (the resolved flow and its
-- compiled validators), so it is either fully live or absent; it never changes after, apart from being retired.
-- Overlays and flows are `json`, not `jsonb`: jsonb sorts an object's keys, and a flow's key order is meaning (the
-- steps' order, a step's fields in the order they are shown).
create table flow_drafts (
  id uuid primary key,
  base text not null,
  overlay json not null,
  revision integer not null default 1,
  created_by text not null,
  updated_by text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table flow_versions (
  name text primary key,
  base text not null,
  overlay json not null,
  flow json not null,
  -- The validators as the page loads them: the start step's, written into its page, and the later steps'.
  start_validators text not null,
  later_validators text not null,
  later_validators_hash text not null,
  published_by text not null,
  published_at timestamptz not null default now(),
  retired_at timestamptz,
  -- Every server polls for rows changed since it last looked, so a publish or retirement reaches all of them.
  changed_at timestamptz not null default now()
);
create index flow_versions_changed_at on flow_versions (changed_at);

-- The split test's weights as the studio sets them; while empty, SPLIT_TEST's are used.
create table flow_split_weights (
  version text primary key,
  weight integer not null check (weight >= 0),
  changed_by text not null,
  changed_at timestamptz not null default now()
);
