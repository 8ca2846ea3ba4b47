/** A complete, valid lead of flows/business-funding.json (v1), as the page sends it at the end of the form. */

export type LeadPayload = Record<string, unknown>;

/** The valid v1 lead with `overrides` merged over it; an override of `undefined` removes the field. */
export function validLead(overrides: LeadPayload = {}): LeadPayload {
  const lead: LeadPayload = {
    flow: 'business-funding',
    flow_version: 'v1',
    business_type: 'Limited Liability Company (LLC)',
    amount: 50000,
    loan_purpose: 'EQUIPMENTPURCHASE',
    loan_timing: 'Within 2 weeks',
    average_monthly_revenue: 30000,
    credit_score: 'Good (680-719)',
    business_name: 'Rivera Bakery',
    business_zipcode: '90210',
    business_start_month: '05',
    business_start_year: '2018',
    business_industry: 'ACCOMMODATIONANDFOODSERVICES',
    first_name: 'Maria',
    last_name: 'Rivera',
    name: 'Maria Rivera',
    email: 'maria.rivera@example.com',
    street_address: '9500 Wilshire Blvd',
    city: 'Beverly Hills',
    state: 'CA',
    zipcode: '90210',
    address: '9500 Wilshire Blvd, Beverly Hills, CA 90210',
    phone: '3105550147',
    client_ip: '203.0.113.7',
    source_url: 'https://funding.example.com/phone?utm_source=search',
    trustedform_cert_url: 'https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567',
    ...overrides,
  };
  for (const [key, value] of Object.entries(lead)) if (value === undefined) delete lead[key];
  return lead;
}
