import { describe, expect, it, vi } from 'vitest';
import { fullName } from '../../../engine/actions/full-name.ts';
import type { ActionInput } from '../../../engine/actions/action.ts';
import { stubApi } from '../../support/form-context.ts';

const run = (answers: Record<string, unknown>) =>
  fullName({ answers, api: stubApi(), log: vi.fn() } as unknown as ActionInput);

describe('the full-name action', () => {
  it('joins first and last name, each capitalised', async () => {
    expect(await run({ first_name: 'mARY', last_name: 'smith' })).toEqual({
      ok: true,
      answers: { full_name: 'Mary Smith' },
    });
  });
});
