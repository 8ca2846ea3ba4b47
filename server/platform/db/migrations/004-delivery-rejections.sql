-- A lender can reject a lead for good (HTTP 400 or 422, or an explicit rejection): such an attempt is recorded as
-- 'rejected' and the lead is not retried. `error` then may carry the lender's reason, but only as a short code
-- (docs/delivery.md), never its free text.
alter table delivery_attempts drop constraint delivery_attempts_outcome_check;
alter table delivery_attempts
  add constraint delivery_attempts_outcome_check check (outcome in ('delivered', 'failed', 'rejected'));
