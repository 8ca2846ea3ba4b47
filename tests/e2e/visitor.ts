/**
 * What the end-to-end tests type as the visitor (each test adds an email of its own). The servers' logs must hold
 * none of it: check-server-logs.ts looks for every value after the run.
 */
export const VISITOR = {
  firstName: 'mary',
  lastName: 'smith',
  /** Typed first, and refused: the letters-only rule. */
  mistypedLastName: 'sm1th',
  phone: '2125550123',
  businessName: 'acme tools',
  street: '1 Main St',
  /** The address the stand-in for Places suggests (tests/support/fake-places-new.js). */
  suggestedStreet: '1600 Amphitheatre Pkwy',
} as const;
