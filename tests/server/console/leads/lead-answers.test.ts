/**
 * A lead's page reads like the business: its answers under its own flow version's step headings, field titles and
 * option labels, in the flow's order, codes beside the labels; what the version does not know shown as stored.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LEADS_PATH, type LeadPageResponse } from '../../../../contracts/console.ts';
import { flowFileNames } from '../../../../engine/flow/load.ts';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import { jsonAt } from '../../../support/bad-flows.ts';
import { validLead } from '../../../support/lead-fixture.ts';
import { DATABASES, tempDir } from '../../../support/server-harness.ts';
import { consoleApp, cookies, seedLead } from './leads-fixture.ts';

type Lead = LeadPageResponse['lead'];

/** The project's flows, with v2 asking for the loan's purpose in words of its own. */
function flowsWithRewordedV2(): string {
  const dir = tempDir();
  onTestFinished(() => dir.remove());
  for (const name of [...flowFileNames(FLOWS_DIR), 'flow.schema.json']) {
    copyFileSync(join(FLOWS_DIR, name), join(dir.path, name));
  }
  const base: unknown = JSON.parse(readFileSync(join(FLOWS_DIR, 'business-funding.json'), 'utf8'));
  const step = structuredClone(jsonAt(base, 'steps', 'loan-purpose'));
  const field = jsonAt(step, 'schema', 'properties', 'loan_purpose');
  field.title = 'What the money is for';
  jsonAt(field, 'oneOf', 1).title = 'New equipment';
  const v2 = join(dir.path, 'business-funding.v2.json');
  const overlay = JSON.parse(readFileSync(v2, 'utf8')) as Record<string, unknown>;
  overlay.steps = { 'loan-purpose': { heading: 'What is the money for?', schema: step.schema } };
  writeFileSync(v2, JSON.stringify(overlay));
  return dir.path;
}

async function leadPage(app: FastifyInstance, cookie: string, id: string): Promise<Lead> {
  const response = await app.inject({ method: 'GET', url: `${LEADS_PATH}/${id}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<LeadPageResponse>().lead;
}

const kind = DATABASES[0]!;

describe(`a lead's answers on ${kind.name}`, () => {
  async function setUp() {
    const database = await kind.open();
    onTestFinished(() => database.cleanup());
    const app = await consoleApp(database.db, { flowsDir: flowsWithRewordedV2() });
    const { operator } = await cookies(database.db);
    return { db: database.db, app, operator };
  }

  it('groups them under the steps of the flow, in its order, with field titles, option labels and codes', async () => {
    const { db, app, operator } = await setUp();
    // Stored in another order than the flow asks: the page follows the flow.
    const { phone, email, ...rest } = validLead({ flow_version: 'v1' });
    const id = await seedLead(db, {
      receivedAt: '2026-11-20T10:00:00Z',
      version: 'v1',
      payload: { email, phone, ...rest },
    });

    const lead = await leadPage(app, operator, id);
    expect(lead.name).toBe('Maria Rivera');
    expect(lead.business_name).toBe('Rivera Bakery');
    expect(lead.purged_at).toBeNull();
    expect(lead.answer_groups.map((group) => group.title)).toEqual([
      'What type of business do you own?',
      'How much do you need?',
      'What are you getting the financing for?',
      'How quickly do you need the money?',
      "What's your average monthly revenue?",
      "What's your estimated personal credit score?",
      'Tell us about your business',
      'When did you start your business?',
      'What industry is your business in?',
      "What's your name?",
      "What's your email address?",
      'Last question, where is Rivera Bakery located?',
      'Sent with the lead',
    ]);
    const answers = new Map(lead.answer_groups.flatMap((group) => group.answers).map((a) => [a.field, a]));
    expect(answers.get('loan_purpose')).toEqual({
      field: 'loan_purpose',
      label: 'Purpose of the financing',
      text: 'Equipment purchase',
      code: 'EQUIPMENTPURCHASE',
      unlisted: false,
    });
    expect(answers.get('business_industry')).toMatchObject({
      label: 'Industry',
      text: 'Accommodation and food services',
      code: 'ACCOMMODATIONANDFOODSERVICES',
    });
    expect(answers.get('business_start_month')).toMatchObject({ label: 'Month', text: 'May', code: '05' });
    // Choices without labels of their own are their own words; no code beside them.
    expect(answers.get('credit_score')).toMatchObject({ text: 'Good (680-719)', code: null });
    expect(answers.get('average_monthly_revenue')).toMatchObject({ text: '$30,000', code: null });
    expect(answers.get('address')).toMatchObject({ label: 'Postal address' });
    expect(lead.answer_groups.at(-1)?.answers.map((a) => a.label)).toEqual([
      'Full name',
      'Postal address',
      'Visitor IP address',
      'Page address',
      'Consent certificate URL',
    ]);
  });

  it("reads each lead in its own version's words", async () => {
    const { db, app, operator } = await setUp();
    const payload = validLead({ flow_version: undefined });
    const v1 = await seedLead(db, { receivedAt: '2026-11-20T10:00:00Z', version: 'v1', payload });
    const v2 = await seedLead(db, { receivedAt: '2026-11-20T10:01:00Z', version: 'v2', payload });

    const purposeOf = async (id: string) => {
      const groups = (await leadPage(app, operator, id)).answer_groups;
      const group = groups.find((candidate) => candidate.answers.some((answer) => answer.field === 'loan_purpose'));
      return { title: group?.title, answer: group?.answers[0] };
    };
    expect(await purposeOf(v1)).toEqual({
      title: 'What are you getting the financing for?',
      answer: expect.objectContaining({ label: 'Purpose of the financing', text: 'Equipment purchase' }),
    });
    expect(await purposeOf(v2)).toEqual({
      title: 'What is the money for?',
      answer: expect.objectContaining({ label: 'What the money is for', text: 'New equipment' }),
    });
  });

  it('shows a value the version does not offer, a field it does not ask, and a version it no longer has as stored', async () => {
    const { db, app, operator } = await setUp();
    const legacy = await seedLead(db, {
      receivedAt: '2026-11-20T10:00:00Z',
      version: 'v1',
      payload: { loan_purpose: 'WORKINGCAPITAL', fax: '3105550100', amount: 50000 },
    });
    const gone = await seedLead(db, {
      receivedAt: '2026-11-20T10:01:00Z',
      version: 'v0',
      payload: { loan_purpose: 'EXPANSION', name: 'Ada Lovelace' },
    });

    expect((await leadPage(app, operator, legacy)).answer_groups).toEqual([
      {
        title: 'How much do you need?',
        answers: [{ field: 'amount', label: 'Amount needed', text: '50,000', code: null, unlisted: false }],
      },
      {
        title: 'What are you getting the financing for?',
        answers: [
          {
            field: 'loan_purpose',
            label: 'Purpose of the financing',
            text: 'WORKINGCAPITAL',
            code: null,
            unlisted: true,
          },
        ],
      },
      {
        title: 'Other fields',
        answers: [{ field: 'fax', label: 'fax', text: '3105550100', code: null, unlisted: false }],
      },
    ]);
    expect((await leadPage(app, operator, gone)).answer_groups).toEqual([
      {
        title: 'Sent with the lead',
        answers: [{ field: 'name', label: 'Full name', text: 'Ada Lovelace', code: null, unlisted: false }],
      },
      {
        title: 'Other fields',
        answers: [{ field: 'loan_purpose', label: 'loan_purpose', text: 'EXPANSION', code: null, unlisted: false }],
      },
    ]);
  });

  it('labels the opt-out preference signal and the time zone intake adds, with what the page sent', async () => {
    const { db, app, operator } = await setUp();
    const payload = { ...validLead({ flow_version: 'v1' }), gpc: true, time_zone: 'America/Los_Angeles' };
    const id = await seedLead(db, { receivedAt: '2026-11-20T10:00:00Z', version: 'v1', payload });
    const sent = (await leadPage(app, operator, id)).answer_groups.at(-1)!;
    expect(sent.title).toBe('Sent with the lead');
    expect(sent.answers).toEqual(
      expect.arrayContaining([
        { field: 'gpc', label: 'Opt-out preference signal (GPC)', text: 'Yes', code: null, unlisted: false },
        {
          field: 'time_zone',
          label: 'Time zone (from the ZIP code)',
          text: 'America/Los_Angeles',
          code: null,
          unlisted: false,
        },
      ]),
    );
  });

  it('has no answers and no name for a lead whose personal data retention erased, and says when', async () => {
    const { db, app, operator } = await setUp();
    const id = await seedLead(db, { receivedAt: '2026-11-20T10:00:00Z', payload: {} });
    await db.query(`update leads set purged_at = '2026-12-20T03:00:00Z' where id = $1`, [id]);

    const lead = await leadPage(app, operator, id);
    expect(lead).toMatchObject({
      name: '',
      business_name: '',
      purged_at: '2026-12-20T03:00:00.000Z',
      answer_groups: [],
    });
  });
});
