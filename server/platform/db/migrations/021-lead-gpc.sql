-- Whether the visitor sent an opt-out preference signal (Global Privacy Control: a Sec-GPC: 1 header, or the page's
-- navigator.globalPrivacyControl) with the lead: the console shows it, and the payload buyers receive carries it as
-- `gpc` (docs/decisions/121-global-privacy-control-and-consent-mode.md). Leads stored before had none recorded.
alter table leads add column gpc boolean not null default false;
