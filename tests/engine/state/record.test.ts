import { beforeEach, describe, expect, it } from 'vitest';
import { createRecordStore, RECORD_LIFETIME_MS } from '../../../engine/state/record.ts';

describe('the form record store', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    window.localStorage.clear();
    now = Date.UTC(2026, 10, 1);
  });

  it('restores what was saved, as one JSON object under the flow key', () => {
    const store = createRecordStore(window.localStorage, clock);
    store.write('business-funding', { business_type: 'Partnership', amount: 50000 });
    expect(store.read('business-funding')).toMatchObject({ business_type: 'Partnership', amount: 50000 });
    expect(JSON.parse(window.localStorage.getItem('business-funding')!)).toMatchObject({ amount: 50000 });
  });

  it('keeps each flow version apart', () => {
    const store = createRecordStore(window.localStorage, clock);
    store.write('business-funding', { amount: 10000 });
    store.write('business-funding.v2', { amount: 20000 });
    expect(store.read('business-funding')?.amount).toBe(10000);
    expect(store.read('business-funding.v2')?.amount).toBe(20000);
  });

  it('expires 7 days after the last save and clears expired data when read', () => {
    const store = createRecordStore(window.localStorage, clock);
    store.write('business-funding', { amount: 10000 });
    now += RECORD_LIFETIME_MS - 1;
    expect(store.read('business-funding')).not.toBeNull();
    now += 1;
    expect(store.read('business-funding')).toBeNull();
    expect(window.localStorage.getItem('business-funding')).toBeNull();
  });

  it('slides the expiry forward on every save', () => {
    const store = createRecordStore(window.localStorage, clock);
    store.write('business-funding', { amount: 10000 });
    now += RECORD_LIFETIME_MS - 1000;
    store.write('business-funding', { amount: 15000 });
    now += RECORD_LIFETIME_MS - 1000;
    expect(store.read('business-funding')?.amount).toBe(15000);
  });

  it('treats unreadable data as no record', () => {
    window.localStorage.setItem('business-funding', '{not json');
    expect(createRecordStore(window.localStorage, clock).read('business-funding')).toBeNull();
    expect(window.localStorage.getItem('business-funding')).toBeNull();
  });
});
