-- What a lead sold for (docs/decisions/140-lead-prices.md): a buyer of BUYERS_FILE with a fixed `price` pays it for
-- each lead it accepts. Money is stored exactly, as numeric dollars with cents, never as a float, so sums and
-- averages over any number of leads come out to the cent; null is a sale at no stated price, never $0.

-- The price on the buyer's step of the lead's path, set when that buyer took the lead: the price of that moment,
-- whatever BUYERS_FILE says later. A buyer's revenue is read from here (its delivered rows), beside its returns.
alter table lead_routes add column price numeric(12, 2) null check (price >= 0);

-- The same price on the lead, beside delivered_to: what the lead's page, the list and the CSV show without reading
-- its path. A return keeps it: the lead was sold at that price, and its revenue counts as returned.
alter table leads add column sold_price numeric(12, 2) null check (sold_price >= 0);
