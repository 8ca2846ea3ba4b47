/**
 * The funnel as the page runs it: the first script's queue notes the flow's events from the first step, the reporter
 * fetched after the first screen sends them; nothing personal goes, and a failing beacon changes nothing for the
 * visitor.
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flows } from '../../../.generated/flows.ts';
import { NO_FLOW_EVENTS } from '../../../engine/render/flow-events.ts';
import { attributionOf } from '../../../engine/state/attribution.ts';
import { createRecordStore } from '../../../engine/state/record.ts';
import { bothListeners } from '../../../site/both-listeners.ts';
import { campaignFrom } from '../../../site/funnel/campaign.ts';
import type { FunnelEvent } from '../../../site/funnel/funnel-event.ts';
import { funnelQueue, reportAfterFirstScreen } from '../../../site/funnel/queue.ts';
import { HONEYPOT_FORM_ID } from '../../../site/honeypot.ts';
import { renderFlowPage, v1 } from '../../support/flow-page.tsx';
import { batchesOf, fakeBeacon } from '../../support/funnel-beacons.ts';

const step = { flow: 'business-funding', version: 'v1', stepId: 'phone' };

describe('the queue', () => {
  it('keeps the events noted before the reporter arrives, with their time, and hands on the later ones', () => {
    let now = 100;
    const queue = funnelQueue(() => now);
    queue.events.stepViewed(step);
    now = 200;
    queue.events.validationFailed(step);
    queue.events.actionCompleted({ ...step, action: 'full-name' });
    queue.events.actionCompleted({ ...step, action: 'submit-lead' });
    const sent: FunnelEvent[] = [];
    queue.drainTo((event) => sent.push(event));
    now = 300;
    queue.events.stepLeft(step, 'advance');
    queue.events.offerOpened({ ...step, stepId: 'alternatives' }, 'bluevine');
    expect(sent).toEqual([
      { type: 'view', step, at: 100 },
      { type: 'lead', step, at: 200 },
      { type: 'advance', step, at: 300 },
      { type: 'offer', step: { ...step, stepId: 'alternatives' }, at: 300, offer: 'bluevine' },
    ]);
  });

  it('never throws into the flow, whatever the reporter does', () => {
    const queue = funnelQueue();
    queue.events.stepViewed(step);
    expect(() =>
      queue.drainTo(() => {
        throw new Error('reporter broke');
      }),
    ).not.toThrow();
    expect(() => queue.events.stepLeft(step, 'back')).not.toThrow();
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

/** The page's funnel as site/main.tsx composes it, around v1's steps. */
function renderReportingPage(sendBeacon: (url: string, data: Blob) => boolean) {
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  const queue = funnelQueue();
  renderFlowPage(bothListeners(NO_FLOW_EVENTS, queue.events));
  const arrival = attributionOf({ href: window.location.href, referrer: `https://mail.example/?to=${MARKER}` });
  reportAfterFirstScreen(queue, campaignFrom(createRecordStore(window.localStorage), flows, arrival));
}

/** Hides the page until the reporter, fetched after the visitor's first action, has sent what it noted. */
async function hideUntilSent(sendBeacon: ReturnType<typeof fakeBeacon>) {
  await vi.waitFor(() => {
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalled();
  });
}

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
  it('reports the steps the visitor saw, moved on from and went back from, and nothing personal', async () => {
    storeMarkedRecord();
    fillHoneypot();
    const sendBeacon = fakeBeacon();
    renderReportingPage(sendBeacon);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Partnership' }));
    await heading('How much do you need?');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await heading('What type of business do you own?');
    await hideUntilSent(sendBeacon);

    const batches = await batchesOf(sendBeacon);
    expect(batches).toEqual([
      {
        xsrf: 'token-7',
        visit: window.sessionStorage.getItem('fundflow.visit'),
        flow_version: 'v1',
        device: 'desktop',
        utm_source: 'newsletter',
        utm_campaign: 'spring',
        honeypot: true,
        events: [
          { type: 'view', step: 'start', at: expect.any(Number) },
          { type: 'advance', step: 'start', at: expect.any(Number) },
          { type: 'view', step: 'amount', at: expect.any(Number) },
          { type: 'back', step: 'amount', at: expect.any(Number) },
          { type: 'view', step: 'start', at: expect.any(Number) },
          { type: 'leave', step: 'start', at: expect.any(Number) },
        ],
      },
    ]);
    const sent = JSON.stringify(batches);
    expect(sent).not.toContain(MARKER);
    expect(sent).not.toMatch(/@|https?:/);
  });

  it('moves the visitor on and back the same when every beacon fails', async () => {
    const refusing = vi.fn(() => {
      throw new TypeError('Beacon refused');
    });
    renderReportingPage(refusing);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Partnership' }));
    await heading('How much do you need?');
    await vi.waitFor(() => {
      window.dispatchEvent(new Event('pagehide'));
      expect(refusing).toHaveBeenCalled();
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('What are you getting the financing for?');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await heading('How much do you need?');
  });
});
