/**
 * The funnel as the page runs it: the first script's queue notes the flow's events from the first step and sends the
 * first view and a quick leave itself; the reporter fetched after the first screen sends the rest; nothing personal
 * goes, nothing goes twice, and a failing endpoint changes nothing for the visitor.
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { flows } from '../../../.generated/flows.ts';
import { NO_FLOW_EVENTS } from '../../../engine/render/flow-events.ts';
import { attributionOf } from '../../../engine/state/attribution.ts';
import { createRecordStore } from '../../../engine/state/record.ts';
import { bothListeners } from '../../../site/both-listeners.ts';
import { campaignFrom } from '../../../site/funnel/campaign.ts';
import type { EventBatch } from '../../../contracts/funnel.ts';
import type { FunnelEvent, FunnelSink } from '../../../site/funnel/funnel-event.ts';
import { browserQueuePage, funnelQueue, reportAfterFirstScreen } from '../../../site/funnel/queue.ts';
import { HONEYPOT_FORM_ID } from '../../../site/honeypot.ts';
import { renderFlowPage, v1 } from '../../support/flow-page.tsx';
import { VISIT, batchesOf, fakePost, fakeQueuePage, postedOf } from '../../support/funnel-beacons.ts';

const step = { flow: 'business-funding', version: 'v1', stepId: 'phone' };
const start = { ...step, stepId: 'start' };

/** A reporter that notes what it is handed. */
function fakeSink() {
  const added: FunnelEvent[] = [];
  const sink: FunnelSink = { add: (event) => void added.push(event), hidden: vi.fn() };
  return { sink, added };
}

const typesOf = (batches: EventBatch[]) =>
  batches.map((batch) => batch.events.map(({ type, step }) => `${type} ${step}`));

describe('the queue', () => {
  it('sends the first view at once, while the page is on screen, and hands the reporter only the later events', () => {
    const { page, post, clock } = fakeQueuePage();
    const queue = funnelQueue(page);
    clock.now = 100;
    queue.events.stepViewed(start);
    expect(postedOf(post)).toEqual([{ batch: expect.objectContaining({ visit: VISIT }), hiding: false }]);
    expect(batchesOf(post)[0]!.events).toEqual([{ type: 'view', step: 'start', at: 100 }]);
    clock.now = 200;
    queue.events.validationFailed(step);
    queue.events.actionCompleted({ ...step, action: 'full-name' });
    queue.events.actionCompleted({ ...step, action: 'submit-lead' });
    const { sink, added } = fakeSink();
    queue.drainTo(sink);
    clock.now = 300;
    queue.events.stepLeft(step, 'advance');
    queue.events.offerOpened({ ...step, stepId: 'alternatives' }, 'bluevine');
    expect(added).toEqual([
      { type: 'lead', step: { ...step, action: 'submit-lead' }, at: 200 },
      { type: 'advance', step, at: 300 },
      { type: 'offer', step: { ...step, stepId: 'alternatives' }, at: 300, offer: 'bluevine' },
    ]);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('counts a visit that leaves before the reporter arrived: its view, then a leave as the page is hidden, once', () => {
    const { page, post, clock, hide } = fakeQueuePage();
    const queue = funnelQueue(page);
    queue.events.stepViewed(start);
    clock.now = 1500;
    hide();
    hide();
    expect(postedOf(post).map(({ batch, hiding }) => [typesOf([batch])[0], hiding])).toEqual([
      [['view start'], false],
      [['leave start'], true],
    ]);
    expect(batchesOf(post)[1]!.events[0]!.at).toBe(1500);
  });

  it('sends, as the page is hidden, whatever the reporter has not yet taken, a batch for each version', () => {
    const { page, post, hide } = fakeQueuePage();
    const queue = funnelQueue(page);
    queue.events.stepViewed(start);
    queue.events.stepLeft(start, 'advance');
    queue.events.stepViewed({ ...start, stepId: 'amount' });
    queue.events.stepViewed({ ...start, version: 'v3' });
    hide();
    expect(batchesOf(post).map((batch) => batch.flow_version)).toEqual(['v1', 'v1', 'v3']);
    expect(typesOf(batchesOf(post))).toEqual([
      ['view start'],
      ['advance start', 'view amount'],
      ['view start', 'leave start'],
    ]);
  });

  it('sends nothing twice: once the reporter takes over, it gets neither the view nor the leave already sent', () => {
    const { page, post, hide } = fakeQueuePage();
    const queue = funnelQueue(page);
    queue.events.stepViewed(start);
    hide();
    const { sink, added } = fakeSink();
    queue.drainTo(sink);
    expect(added).toEqual([]);
    // The visitor came back to the tab: a leave is told again only after something else happened.
    hide();
    expect(added).toEqual([]);
    queue.events.stepLeft(start, 'advance');
    hide();
    expect(added.map(({ type }) => type)).toEqual(['advance', 'leave']);
    expect(sink.hidden).toHaveBeenCalledTimes(2);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('hands the reporter a first view the server could not take, so it is sent again', async () => {
    const refused = fakePost(false);
    const { page } = fakeQueuePage(refused);
    const queue = funnelQueue(page);
    queue.events.stepViewed(start);
    await vi.waitFor(() => expect(refused).toHaveBeenCalled());
    await Promise.resolve();
    const { sink, added } = fakeSink();
    queue.drainTo(sink);
    expect(added.map(({ type }) => type)).toEqual(['view']);
  });

  it('hands the reporter a first view refused after it took over', async () => {
    let refuse: (done: boolean) => void = () => {};
    const post = vi.fn(() => new Promise<boolean>((resolve) => (refuse = resolve)));
    const { page } = fakeQueuePage(post);
    const queue = funnelQueue(page);
    queue.events.stepViewed(start);
    const { sink, added } = fakeSink();
    queue.drainTo(sink);
    expect(added).toEqual([]);
    refuse(false);
    await vi.waitFor(() => expect(added.map(({ type }) => type)).toEqual(['view']));
  });

  it('never throws into the flow, whatever the reporter or the sending does', () => {
    const { page, hide } = fakeQueuePage(
      vi.fn(() => {
        throw new Error('sending broke');
      }),
    );
    const queue = funnelQueue(page);
    expect(() => queue.events.stepViewed(start)).not.toThrow();
    const broken: FunnelSink = {
      add: () => {
        throw new Error('reporter broke');
      },
      hidden: () => {
        throw new Error('reporter broke');
      },
    };
    queue.events.stepLeft(start, 'advance');
    expect(() => queue.drainTo(broken)).not.toThrow();
    expect(() => queue.events.stepLeft(step, 'back')).not.toThrow();
    expect(hide).not.toThrow();
  });
});

/** In every answer, the record's addresses and the honeypot: nothing that carries it may reach a beacon. */
const MARKER = 'zq-personal';

function storeMarkedRecord() {
  const answers = Object.fromEntries(
    Object.values(v1.flow.steps).flatMap((flowStep) =>
      Object.keys(flowStep.schema?.properties ?? {}).map((field) => [field, `${MARKER}@example.com`]),
    ),
  );
  createRecordStore(window.localStorage).write(v1.flow.storageKey, {
    ...answers,
    business_type: 'Sole Proprietor',
    amount: 50000,
    attribution: {
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      landing_url: `https://fundflow.test/?utm_source=newsletter&email=${MARKER}`,
      referrer: `https://mail.example/read?to=${MARKER}`,
    },
  });
}

function fillHoneypot() {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<form id="${HONEYPOT_FORM_ID}"><input name="website" value="${MARKER}"></form>`,
  );
}

/** What the page sent to /api/events, by beacon or by fetch, in order. */
function fakeNetwork(fetchStatus = 204) {
  const sent: { by: 'beacon' | 'fetch'; body: Promise<string> }[] = [];
  const sendBeacon = vi.fn((_url: string, data: string) => {
    sent.push({ by: 'beacon', body: Promise.resolve(data) });
    return true;
  });
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    sent.push({ by: 'fetch', body: Promise.resolve(init.body as string) });
    return Promise.resolve(new Response(null, { status: fetchStatus }));
  });
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  vi.stubGlobal('fetch', fetch);
  const batches = async () =>
    Promise.all(sent.map(async ({ by, body }) => ({ by, batch: JSON.parse(await body) as EventBatch })));
  return { sent, batches };
}

/** The page's funnel as site/main.tsx composes it, around v1's steps. */
function renderReportingPage() {
  const arrival = attributionOf({ href: window.location.href, referrer: `https://mail.example/?to=${MARKER}` });
  const page = browserQueuePage(campaignFrom(createRecordStore(window.localStorage), flows, arrival));
  const queue = funnelQueue(page);
  renderFlowPage(bothListeners(NO_FLOW_EVENTS, queue.events));
  reportAfterFirstScreen(queue, page);
  return page;
}

const hide = () => window.dispatchEvent(new Event('pagehide'));

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  window.history.replaceState(null, '', '/?utm_source=newsletter&utm_campaign=spring');
  document.cookie = 'XSRF-TOKEN=token-7';
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(HONEYPOT_FORM_ID)?.remove();
});

describe('the funnel in the page', () => {
  it('reports the steps the visitor saw, moved on from and went back from, each once, and nothing personal', async () => {
    storeMarkedRecord();
    fillHoneypot();
    const network = fakeNetwork();
    const page = renderReportingPage();
    await heading('What type of business do you own?');
    // The first view goes before the reporter has arrived, as the visitor has not acted yet.
    await vi.waitFor(() => expect(network.sent).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Partnership' }));
    await heading('How much do you need?');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await heading('What type of business do you own?');
    // Hidden until the reporter, fetched at the visitor's first action, has taken over and sent the rest.
    await vi.waitFor(() => {
      hide();
      expect(network.sent.length).toBeGreaterThan(1);
    });

    const sent = await network.batches();
    const campaign = {
      xsrf: 'token-7',
      visit: window.sessionStorage.getItem('fundflow.visit'),
      flow_version: 'v1',
      device: 'desktop',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      honeypot: true,
    };
    expect(page.visit).toBe(campaign.visit);
    expect(sent[0]).toEqual({
      by: 'fetch',
      batch: { ...campaign, events: [{ type: 'view', step: 'start', at: expect.any(Number) }] },
    });
    expect(sent.slice(1).map(({ by }) => by)).toEqual(['beacon']);
    expect(sent.slice(1).map(({ batch }) => batch)).toEqual([
      {
        ...campaign,
        events: [
          { type: 'advance', step: 'start', at: expect.any(Number) },
          { type: 'view', step: 'amount', at: expect.any(Number) },
          { type: 'back', step: 'amount', at: expect.any(Number) },
          { type: 'view', step: 'start', at: expect.any(Number) },
          { type: 'leave', step: 'start', at: expect.any(Number) },
        ],
      },
    ]);
    const text = JSON.stringify(sent);
    expect(text).not.toContain(MARKER);
    expect(text).not.toMatch(/@|https?:/);
  });

  it("sends the page's language, from its <html lang>, with every batch", async () => {
    document.documentElement.lang = 'es';
    onTestFinished(() => document.documentElement.removeAttribute('lang'));
    const network = fakeNetwork();
    renderReportingPage();
    await heading('What type of business do you own?');
    await vi.waitFor(() => expect(network.sent).toHaveLength(1));
    hide();
    const sent = await network.batches();
    expect(sent.map(({ batch }) => batch.language)).toEqual(['es', 'es']);
  });

  it('counts a visitor who leaves the first screen without acting: a view, then a leave, before the reporter', async () => {
    const network = fakeNetwork();
    renderReportingPage();
    await heading('What type of business do you own?');
    await vi.waitFor(() => expect(network.sent).toHaveLength(1));
    hide();
    const sent = await network.batches();
    expect(sent.map(({ by, batch }) => [by, batch.events.map(({ type, step }) => `${type} ${step}`)])).toEqual([
      ['fetch', ['view start']],
      ['beacon', ['leave start']],
    ]);
    expect(new Set(sent.map(({ batch }) => batch.visit)).size).toBe(1);
  });

  it('moves the visitor on and back the same when the endpoint refuses everything', async () => {
    const network = fakeNetwork(503);
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: () => {
        throw new TypeError('Beacon refused');
      },
    });
    renderReportingPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Partnership' }));
    await heading('How much do you need?');
    hide();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('What are you getting the financing for?');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await heading('How much do you need?');
    expect(network.sent.length).toBeGreaterThan(0);
  });
});
