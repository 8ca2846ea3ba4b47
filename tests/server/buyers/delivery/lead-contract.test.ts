/**
 * The lead API contract (docs/decisions/045-lead-api-contract.md) over real HTTP: another client posts spec section
 * 3's payload exactly as written, and the buyer receives every one of its fields, with the time the lead was
 * received as time_stamp on every attempt, the visitor's opt-out preference signal as gpc, the ZIP's time zone and
 * the language the form was filled in.
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { validLead } from '../../../support/lead-fixture.ts';
import { startBuyer, openDatabase, receivedAt, startDelivery, WAIT } from '../../../support/delivery-setup.ts';
import { DATABASES, xsrfHeaders } from '../../../support/server-harness.ts';
import { startLeadApp } from '../../../support/lead-app.ts';
import { spanishFlowsDir } from '../../spanish-flows.ts';

/**
 * Spec section 3's payload, byte for byte as a central lead service or a partner's page sends it: exactly its fields,
 * none of ours (no flow_version), and no certificate, as when the certificate script is off.
 */
const SPEC_PAYLOAD =
  '{"flow":"business-funding","name":"Maria Rivera","first_name":"Maria","last_name":"Rivera",' +
  '"email":"maria.rivera@example.com","phone":"3105550147","business_type":"Limited Liability Company (LLC)",' +
  '"amount":50000,"loan_purpose":"EQUIPMENTPURCHASE","loan_timing":"Within 2 weeks","average_monthly_revenue":30000,' +
  '"credit_score":"Good (680-719)","business_name":"Rivera Bakery","business_zipcode":"90210",' +
  '"business_start_month":"05","business_start_year":"2018","business_industry":"ACCOMMODATIONANDFOODSERVICES",' +
  '"client_ip":"203.0.113.7","address":"9500 Wilshire Blvd, Beverly Hills, CA 90210",' +
  '"street_address":"9500 Wilshire Blvd","city":"Beverly Hills","zipcode":"90210","state":"CA",' +
  '"trustedform_cert_url":"","source_url":"https://partner.example.com/apply?utm_source=search"}';

describe.each(DATABASES)('the lead API contract on $name', (kind) => {
  /** The app listening on a local port with delivery to `testBuyer`: what another client reaches over HTTP. */
  async function startIntake(testBuyer: Awaited<ReturnType<typeof startBuyer>>) {
    const setup = await openDatabase(kind);
    const delivery = await startDelivery(setup, { buyer: testBuyer });
    const flows = spanishFlowsDir();
    onTestFinished(() => flows.remove());
    const app = await startLeadApp(setup.db, { delivery: delivery.queue, flowsDir: flows.path });
    onTestFinished(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/api/v1/leads/trigger`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...xsrfHeaders(), ...headers },
        body,
      });
    return { setup, post };
  }

  it("takes the spec's payload as written, and every attempt brings the buyer all of it, stamped when received", async () => {
    const testBuyer = await startBuyer({ failFirst: 1 });
    const { setup, post } = await startIntake(testBuyer);

    const response = await post(SPEC_PAYLOAD);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const [failed, delivered] = await testBuyer.waitForLeads(2, WAIT.timeout);
    expect([failed!.status, delivered!.status]).toEqual([503, 200]);
    const stamped = (await receivedAt(setup.db, id)).toISOString();
    // Every field as sent; of ours the version the lead was taken as, no opt-out signal, the ZIP's time zone, and
    // English, the language of a lead that names none.
    expect(delivered!.body).toEqual({
      ...JSON.parse(SPEC_PAYLOAD),
      flow_version: 'v1',
      time_stamp: stamped,
      gpc: false,
      time_zone: 'America/Los_Angeles',
      language: 'en',
    });
    expect(failed!.raw).toBe(delivered!.raw);
  }, 30_000);

  it('brings the buyer gpc: true for a lead sent with the opt-out preference signal, over real HTTP', async () => {
    const testBuyer = await startBuyer();
    const { post } = await startIntake(testBuyer);

    expect((await post(SPEC_PAYLOAD, { 'Sec-GPC': '1' })).status).toBe(201);
    const [received] = await testBuyer.waitForLeads(1, WAIT.timeout);
    expect(received!.body).toMatchObject({ gpc: true, time_zone: 'America/Los_Angeles', email: validLead().email });
  }, 30_000);

  it('brings the buyer language: "es" for a lead filled in Spanish, over real HTTP', async () => {
    const testBuyer = await startBuyer();
    const { post } = await startIntake(testBuyer);

    expect((await post(JSON.stringify(validLead({ language: 'es' })))).status).toBe(201);
    const [received] = await testBuyer.waitForLeads(1, WAIT.timeout);
    expect(received!.body).toMatchObject({ language: 'es', email: validLead().email });
  }, 30_000);

  it('sends a lead without a certificate URL with an empty one', async () => {
    const testBuyer = await startBuyer();
    const { post } = await startIntake(testBuyer);

    const response = await post(JSON.stringify(validLead({ trustedform_cert_url: undefined })));
    expect(response.status).toBe(201);

    const [received] = await testBuyer.waitForLeads(1, WAIT.timeout);
    expect(received!.body).toMatchObject({ trustedform_cert_url: '', email: validLead().email });
  }, 30_000);

  it('forwards the attribution a lead came with, as sent', async () => {
    const testBuyer = await startBuyer();
    const { post } = await startIntake(testBuyer);
    const attribution = {
      utm_source: 'google',
      utm_campaign: 'spring',
      gclid: 'abc123',
      landing_url: 'https://fundflow.example.com/?utm_source=google&utm_campaign=spring&gclid=abc123',
      referrer: 'https://www.google.com/',
    };

    expect((await post(JSON.stringify(validLead({ attribution })))).status).toBe(201);
    const [received] = await testBuyer.waitForLeads(1, WAIT.timeout);
    expect(received!.body).toMatchObject({ attribution, email: validLead().email });
  }, 30_000);
});
