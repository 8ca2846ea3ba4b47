/**
 * Sends leads to the intake and notes when each was answered 201, on the same clock the recording buyer uses
 * (`performance.now()` of the bench's process): in a burst (`connections` clients, each sending its next lead as soon
 * as the last is answered) or paced (one lead every `1000 / perSecond` ms, whatever the answers take).
 */
import { setTimeout as wait } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/api-paths.ts';
import { benchLead } from './leads.ts';
import { newVisitToken } from '../support/xsrf-tokens.ts';

const TOKEN = newVisitToken();
const HEADERS = {
  cookie: `${XSRF_COOKIE}=${TOKEN}`,
  [XSRF_HEADER.toLowerCase()]: TOKEN,
  'content-type': 'application/json',
  'user-agent': 'fundflow-bench',
};

export interface SentLead {
  email: string;
  /** When the request went out. */
  sentAt: number;
  /** When its 201 was read; undefined when it was not answered 201. */
  answeredAt: number | undefined;
}

/**
 * The leads of one server: numbered across its scenarios, so no two share an email or a phone number (a repeat of
 * both would be held back, never delivered).
 */
export class LeadSender {
  private next = 0;
  private readonly pool: Pool;
  private readonly runTag = randomBytes(4).toString('hex');

  constructor(origin: string, connections: number) {
    this.pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 30_000 });
  }

  /** Sends one lead; resolves once it is answered. */
  async send(): Promise<SentLead> {
    const lead = benchLead(this.runTag, this.next++);
    const email = String(lead.email);
    const sentAt = performance.now();
    try {
      const response = await this.pool.request({
        method: 'POST',
        path: '/api/v1/leads/trigger',
        headers: HEADERS,
        body: JSON.stringify(lead),
      });
      await response.body.dump({ limit: Number.MAX_SAFE_INTEGER });
      return { email, sentAt, answeredAt: response.statusCode === 201 ? performance.now() : undefined };
    } catch {
      return { email, sentAt, answeredAt: undefined };
    }
  }

  /** `count` leads from `connections` clients, each sending its next as soon as the last is answered. */
  async burst(count: number, connections: number): Promise<SentLead[]> {
    const sent: SentLead[] = [];
    const client = async () => {
      while (sent.length + inFlight < count) {
        inFlight++;
        const lead = await this.send();
        inFlight--;
        sent.push(lead);
      }
    };
    let inFlight = 0;
    await Promise.all(Array.from({ length: connections }, client));
    return sent;
  }

  /** One lead every 1000 / perSecond ms for `seconds`, each sent at its turn. */
  async paced(perSecond: number, seconds: number): Promise<SentLead[]> {
    const started = performance.now();
    const count = Math.round(perSecond * seconds);
    const pending: Promise<SentLead>[] = [];
    for (let n = 0; n < count; n++) {
      const due = started + (n * 1000) / perSecond;
      if (due > performance.now()) await wait(due - performance.now());
      pending.push(this.send());
    }
    return Promise.all(pending);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
