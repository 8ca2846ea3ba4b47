/**
 * A form context for rendering widgets outside a step screen: every control is a spy, every service a stub. It is a
 * display step's context too (with `reportOffer`), so display widgets take the same fake.
 */
import { vi } from 'vitest';
import type { ApiClient } from '../../engine/api/client.ts';
import { ENGINE_MESSAGES } from '../../engine/messages.ts';
import type { DisplayContext } from '../../engine/widget-contract.ts';
import type { FormRecord } from '../../engine/state/record.ts';

/** An API client whose calls all fail unless a test supplies them: a widget must not call what it does not need. */
export function stubApi(overrides: Partial<ApiClient> = {}): ApiClient {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call to api.${name}`));
  return {
    lookupZip: vi.fn(unexpected('lookupZip')),
    checkPhone: vi.fn(unexpected('checkPhone')),
    remoteAddress: vi.fn(unexpected('remoteAddress')),
    thankYouSettings: vi.fn(unexpected('thankYouSettings')),
    homePopup: vi.fn(unexpected('homePopup')),
    sendLead: vi.fn(unexpected('sendLead')),
    claimCertificate: vi.fn(unexpected('claimCertificate')),
    privacyRequest: vi.fn(unexpected('privacyRequest')),
    ...overrides,
  };
}

export function fakeFormContext(overrides: Partial<DisplayContext> & { record?: FormRecord } = {}): DisplayContext {
  return {
    advance: vi.fn(),
    setBusy: vi.fn(),
    setFieldError: vi.fn(),
    message: (key) => ENGINE_MESSAGES[key] ?? key,
    locale: 'en-US',
    touch: vi.fn(),
    save: vi.fn(),
    restart: vi.fn(),
    submitting: false,
    record: {},
    api: stubApi(),
    settings: {},
    reportOffer: vi.fn(),
    ...overrides,
  };
}
