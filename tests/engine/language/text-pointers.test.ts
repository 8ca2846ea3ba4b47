import { describe, expect, it } from 'vitest';
import type { WidgetInfo } from '../../../engine/flow/schema.ts';
import { sourceTexts } from '../../../engine/language/text-pointers.ts';

/** Widgets as the checks know them: what matters here is each one's options that are not words. */
const WIDGETS: WidgetInfo[] = [
  { name: 'choice', serves: { kind: 'value', types: ['string'] }, options: {} },
  { name: 'slider', serves: { kind: 'value', types: ['integer'] }, options: {} },
  { name: 'text', serves: { kind: 'value', types: ['string'] }, options: {}, verbatim: ['inputType'] },
  { name: 'offers', serves: { kind: 'display' }, options: {}, verbatim: ['offers/*/id', 'offers/*/url'] },
];

const pointers = (kind: 'flow' | 'content' | 'table', source: unknown) =>
  sourceTexts(kind, source, WIDGETS).map(({ pointer }) => pointer);

describe('the texts of a flow file', () => {
  const flow = {
    $schema: './flow.schema.json',
    id: 'business-funding',
    version: 'v1',
    basePath: '',
    start: 'start',
    storageKey: 'business-funding',
    formHeading: 'See If You Qualify',
    buttons: { next: 'Next' },
    query: { zip: 'zip_user' },
    messages: { required: 'This field is required' },
    consent: { text: 'By clicking "See options", I agree.' },
    steps: {
      start: {
        route: 'start',
        heading: 'What type of business do you own?',
        subheading: 'Pick the closest one',
        schema: {
          type: 'object',
          required: ['business_type', 'title'],
          properties: {
            business_type: {
              type: 'string',
              title: 'Type of business',
              oneOf: [{ const: 'sole_proprietor', title: 'Sole Proprietor' }],
            },
            // A field named "title": its schema's title is a label, the field's name is not.
            title: { type: 'string', title: 'Your role', pattern: '^[A-Za-z ]+$' },
          },
        },
        errors: { business_type: { required: 'Choose your type of business' } },
        ui: {
          business_type: { widget: 'choice' },
          title: { widget: 'text', placeholder: 'Owner', options: { inputType: 'text' } },
        },
        next: 'amount',
      },
      amount: {
        route: 'amount',
        schema: { type: 'object', properties: { amount: { type: 'integer', title: 'Amount needed' } } },
        ui: { amount: { widget: 'slider', options: { maxLabel: '$1M+' } } },
        next: 'offers',
      },
      offers: {
        route: 'offers',
        display: {
          widget: 'offers',
          options: { offers: [{ id: 'personal', url: 'https://example.com/loans', title: 'Personal loans' }] },
        },
      },
    },
  };

  it('are the headings, buttons, messages, consent, labels, option titles, error texts and widget options', () => {
    expect(pointers('flow', flow)).toEqual([
      '/formHeading',
      '/buttons/next',
      '/messages/required',
      '/consent/text',
      '/steps/start/heading',
      '/steps/start/subheading',
      '/steps/start/schema/properties/business_type/title',
      '/steps/start/schema/properties/business_type/oneOf/0/title',
      '/steps/start/schema/properties/title/title',
      '/steps/start/errors/business_type/required',
      '/steps/start/ui/title/placeholder',
      '/steps/amount/schema/properties/amount/title',
      '/steps/amount/ui/amount/options/maxLabel',
      '/steps/offers/display/options/offers/0/title',
    ]);
  });

  it('come with their English words', () => {
    expect(sourceTexts('flow', flow, WIDGETS)).toContainEqual({
      pointer: '/steps/start/schema/properties/business_type/oneOf/0/title',
      text: 'Sole Proprietor',
    });
  });

  it("leave out routes, field names, stored values, patterns, query names and a widget's verbatim options", () => {
    const texts = sourceTexts('flow', flow, WIDGETS).map(({ text }) => text);
    for (const kept of [
      'start',
      'amount',
      'business_type',
      'zip_user',
      'sole_proprietor',
      '^[A-Za-z ]+$',
      'choice',
      'text',
      'personal',
      'https://example.com/loans',
      'business-funding',
      './flow.schema.json',
    ]) {
      expect(texts).not.toContain(kept);
    }
  });
});

describe('the texts of a content file', () => {
  it("are its words, not the names, ids, logos, dates and authors it holds, nor the business hours' settings", () => {
    const content = {
      $schema: './schemas/testimonials.schema.json',
      heading: 'What business owners say',
      testimonials: [{ id: 'maria', title: 'Simple', date: '2025-01-14', text: 'Easy questions.', author: 'Maria G.' }],
      logos: [{ name: 'Storefront Gazette', logo: 'logos/storefront-gazette.svg' }],
      specify_business_hours: { start_time: '08:00', business_days: ['monday'] },
    };
    expect(pointers('content', content)).toEqual(['/heading', '/testimonials/0/title', '/testimonials/0/text']);
  });
});

describe('the texts of a table of messages', () => {
  it('are every entry', () => {
    expect(sourceTexts('table', { required: 'Required', minLength: 'At least {limit}' })).toEqual([
      { pointer: '/required', text: 'Required' },
      { pointer: '/minLength', text: 'At least {limit}' },
    ]);
  });
});
