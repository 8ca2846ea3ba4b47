-- The language a lead's form was filled in ("en", "es": the page's own, sent with the lead), whose consent text the
-- lead's evidence holds: the console lists and filters by it and buyers receive it as `language`. Leads stored before
-- were all filled in English.
alter table leads add column language text not null default 'en';
create index leads_language_newest on leads (language, received_at desc, id desc);

-- The language of a funnel visit's pages, sent with its events as the version is: a visit's language is its first
-- event's, as its device and campaign are, and every grain of the rollups is kept per language, so the funnel reads
-- one language or sums them. Events and visits before were all English.
alter table funnel_events add column language text not null default 'en';
alter table funnel_visits add column language text not null default 'en';
alter table funnel_rollups add column language text not null default 'en';
alter table funnel_rollups drop constraint funnel_rollups_pkey;
alter table funnel_rollups add primary key (flow_version, grain, day, step, utm_source, utm_campaign, device, language);
