/**
 * Drafts in the flow studio: made from a version, saved with the revision they were made from, checked on every save
 * with the checks of npm run flows:check, and the consent left to admins.
 */
import { describe, expect, it } from 'vitest';
import {
  FLOW_DRAFTS_PATH,
  flowDraftPath,
  type DraftConflict,
  type FlowDraft,
} from '../../../../contracts/flow-studio.ts';
import { consoleApp } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES } from '../../../support/server-harness.ts';
import { newDraft, saved, studioCall, studioUser } from './studio-fixture.ts';

describe.each(DATABASES)('flow studio drafts on $name', { timeout: 30_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('makes an empty draft of a version, for admins and marketers, that every role may read', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const operator = await studioUser(suite.db, 'operator');
    const draft = await newDraft(app, marketer, 'v3');
    expect(draft).toMatchObject({
      base: 'v3',
      revision: 1,
      updated_by: marketer.email,
      overlay: { extends: 'business-funding.v3.json' },
      problems: [],
      preview_path: `/studio-preview/${draft.id}?revision=1`,
    });
    expect((draft.flow as { steps: Record<string, unknown> }).steps).toHaveProperty('alternatives');

    const made = await studioCall(app, { method: 'POST', url: FLOW_DRAFTS_PATH, as: operator, body: { base: 'v1' } });
    expect(made.statusCode).toBe(403);
    const read = await studioCall(app, { method: 'GET', url: flowDraftPath(draft.id), as: operator });
    expect(read.json<FlowDraft>().id).toBe(draft.id);
    const signedOut = await studioCall(app, { method: 'GET', url: flowDraftPath(draft.id) });
    expect(signedOut.statusCode).toBe(401);
  });

  it('names the field of a bad request, and the drafts there are not', async () => {
    const app = await consoleApp(suite.db);
    const admin = await studioUser(suite.db, 'admin');
    for (const body of [{ base: 'v9' }, { base: 5 }, {}]) {
      const response = await studioCall(app, { method: 'POST', url: FLOW_DRAFTS_PATH, as: admin, body });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('base');
      expect(response.body).not.toMatch(/at .*\.ts|select|insert/i);
    }
    const draft = await newDraft(app, admin);
    const noRevision = await studioCall(app, {
      method: 'PUT',
      url: flowDraftPath(draft.id),
      as: admin,
      body: { overlay: {} },
    });
    expect(noRevision.statusCode).toBe(400);
    expect(noRevision.json<{ message: string }>().message).toContain('revision');
    for (const id of ['not-a-uuid', '7c1e2f3a-0000-4000-8000-000000000000']) {
      const missing = await studioCall(app, { method: 'GET', url: flowDraftPath(id), as: admin });
      expect(missing.statusCode).toBe(404);
    }
  });

  it('checks each save: an emptied heading is required, at its pointer; a fixed one clears it', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await newDraft(app, marketer);
    const emptied = await saved(app, marketer, draft, { ...draft.overlay, steps: { amount: { heading: '' } } });
    expect(emptied.revision).toBe(2);
    expect(emptied.problems).toEqual([
      { pointer: '/steps/amount/heading', message: 'the heading of step amount is required' },
    ]);
    const fixed = await saved(app, marketer, emptied, {
      ...draft.overlay,
      steps: { amount: { heading: 'How much would help?' } },
    });
    expect(fixed.problems).toEqual([]);
    expect((fixed.flow as { steps: { amount: { heading: string } } }).steps.amount.heading).toBe(
      'How much would help?',
    );
    const read = await studioCall(app, { method: 'GET', url: flowDraftPath(draft.id), as: marketer });
    expect(read.json<FlowDraft>()).toMatchObject({ revision: 3, overlay: fixed.overlay });
  });

  it("tells a second editor who changed the draft and when, and keeps the first one's save", async () => {
    const app = await consoleApp(suite.db);
    const first = await studioUser(suite.db, 'marketer');
    const second = await studioUser(suite.db, 'admin');
    const draft = await newDraft(app, first);
    const mine = await saved(app, first, draft, { steps: { amount: { heading: 'Mine' } } });
    const late = await studioCall(app, {
      method: 'PUT',
      url: flowDraftPath(draft.id),
      as: second,
      body: { overlay: { steps: { amount: { heading: 'Theirs' } } }, revision: draft.revision },
    });
    expect(late.statusCode).toBe(409);
    const conflict = late.json<DraftConflict>();
    expect(conflict).toMatchObject({ changed_by: first.email, changed_at: mine.updated_at });
    expect(conflict.message).toBe(`Changed by ${first.email} at ${mine.updated_at}`);
    expect(conflict.draft.overlay).toEqual(mine.overlay);
  });

  it('answers a malformed overlay with problems, not a failure: none saved for a non-object', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await newDraft(app, marketer);
    for (const overlay of [[1, 2], 'steps', null]) {
      const response = await studioCall(app, {
        method: 'PUT',
        url: flowDraftPath(draft.id),
        as: marketer,
        body: { overlay, revision: draft.revision },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ problems: unknown[] }>().problems).toEqual([
        { pointer: '', message: expect.stringContaining('must be a JSON object') as unknown },
      ]);
    }
    const unknownKeys = await saved(app, marketer, draft, { colour: 'red', steps: { amount: { size: 3 } } });
    expect(unknownKeys.problems.map((problem) => problem.pointer)).toEqual(['/colour', '/steps/amount/size']);
    expect(unknownKeys.problems[0]!.message).toMatch(/^the colour: unknown key "colour"/);
  });

  it('lets only an admin change the consent, and a marketer edit the rest of a draft whose consent an admin changed', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const admin = await studioUser(suite.db, 'admin');
    const draft = await newDraft(app, marketer);
    const consent = { version: '2026-11-01', text: 'I agree that {product} and {lenders} may call me.' };
    const refused = await studioCall(app, {
      method: 'PUT',
      url: flowDraftPath(draft.id),
      as: marketer,
      body: { overlay: { ...draft.overlay, consent }, revision: draft.revision },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('"consent"');
    const byAdmin = await saved(app, admin, draft, { ...draft.overlay, consent });
    expect(byAdmin.problems).toEqual([]);
    // The consent as the editor may send it back, its keys in another order: no change to it.
    const reordered = { text: consent.text, version: consent.version };
    const edited = await saved(app, marketer, byAdmin, {
      ...byAdmin.overlay,
      consent: reordered,
      formHeading: 'Funding in a day',
    });
    expect(edited.overlay).toMatchObject({ consent, formHeading: 'Funding in a day' });
  });

  it('refuses a change without the cross-site token, and deletes a draft', async () => {
    const app = await consoleApp(suite.db);
    const admin = await studioUser(suite.db, 'admin');
    const draft = await newDraft(app, admin);
    const forged = await app.inject({
      method: 'DELETE',
      url: flowDraftPath(draft.id),
      headers: { cookie: admin.cookie },
    });
    expect(forged.statusCode).toBe(403);
    const deleted = await studioCall(app, { method: 'DELETE', url: flowDraftPath(draft.id), as: admin });
    expect(deleted.statusCode).toBe(204);
    const gone = await studioCall(app, { method: 'GET', url: flowDraftPath(draft.id), as: admin });
    expect(gone.statusCode).toBe(404);
  });
});
