import { describe, expect, it } from 'vitest';
import { MAX_ALERTS, withAlert, withoutAlert, type Alert } from '../../../engine/alerts/alert-list.ts';

const alert = (id: number): Alert => ({ id, type: 'info', text: `alert ${id}`, closeLabel: 'Close', timeoutMs: 5000 });

describe('the alert list', () => {
  it('keeps at most five alerts, dropping the oldest', () => {
    let list: Alert[] = [];
    for (let id = 1; id <= 7; id++) list = withAlert(list, alert(id));
    expect(MAX_ALERTS).toBe(5);
    expect(list.map((entry) => entry.id)).toEqual([3, 4, 5, 6, 7]);
  });

  it('removes a dismissed alert only', () => {
    expect(withoutAlert([alert(1), alert(2)], 1).map((entry) => entry.id)).toEqual([2]);
  });
});
