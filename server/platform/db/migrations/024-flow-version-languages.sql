-- Versions of the flow studio in other languages (docs/decisions/132-studio-versions-in-languages.md). A draft keeps
-- the translations it was given: by language, then by JSON pointer into its resolved flow, each with the English text
-- it translates, so a translation whose English has changed since is seen as missing again.
alter table flow_drafts add column translations json not null default '{}';

-- A published version in each language whose every text was translated when it was published: written in the
-- publish's transaction with the version itself, everything a server needs to serve it (the translated flow and its
-- validators, which differ by language: rjsf finds a choice's validator by a hash of its schema, words included).
create table flow_version_languages (
  name text not null references flow_versions (name) on delete cascade,
  language text not null,
  flow json not null,
  start_validators text not null,
  later_validators text not null,
  later_validators_hash text not null,
  primary key (name, language)
);
