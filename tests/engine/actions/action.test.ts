/** An action fetched on first use: loaded once, run with the step's input, fetched again after a failed load. */
import { describe, expect, it, vi } from 'vitest';
import { loadedOnFirstUse, type Action, type ActionInput } from '../../../engine/actions/action.ts';

const input = { stepId: 'phone', answers: { phone: '2125550100' }, log: vi.fn() } as unknown as ActionInput;

describe('an action loaded on first use', () => {
  it('is fetched when first run, once, and answers what the loaded action answers', async () => {
    const loaded: Action = vi.fn(async () => ({ ok: true as const, answers: { lead_id: 'lead-1' } }));
    const load = vi.fn(async () => loaded);
    const action = loadedOnFirstUse(load);
    expect(load).not.toHaveBeenCalled();
    expect(await action(input)).toEqual({ ok: true, answers: { lead_id: 'lead-1' } });
    await action(input);
    expect(load).toHaveBeenCalledTimes(1);
    expect(loaded).toHaveBeenCalledWith(input);
  });

  it("keeps the visitor on the step with the flow's submit-failed message when it cannot be fetched, and fetches it again on the next run", async () => {
    const loaded: Action = async () => ({ ok: true, answers: {} });
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(loaded);
    const action = loadedOnFirstUse(load);
    expect(await action(input)).toEqual({ ok: false, alert: 'submitFailed' });
    expect(await action(input)).toEqual({ ok: true, answers: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
