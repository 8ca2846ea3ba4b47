/**
 * The contract checks catch what they are for: each is given a widget broken in that one way and must answer its
 * message, and a well-made widget (fixtures and real ones alike) must pass it. A check that always passed, or always
 * failed, would break one of these tests.
 */
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import {
  checkDisplay,
  checkErrorWiring,
  checkListsAgree,
  checkNameAndSummary,
  checkNamedControl,
  checkObjectErrorWiring,
  checkObjectKeepsAnswers,
  checkObjectNamedControls,
  checkObjectSamples,
  checkOptionsSchema,
  checkValueType,
  objectsRenderedBy,
} from '../../support/widget-contract-checks.tsx';
import { widgets } from '../../../widgets/info.ts';
import { widgets as pageWidgets } from '../../../widgets/index.ts';
import { addressThenPhoneInfo } from '../../../widgets/address-then-phone/address-then-phone.info.ts';
import { choiceInfo } from '../../../widgets/choice/choice.info.ts';
import { currencyInfo } from '../../../widgets/currency/currency.info.ts';
import { sliderInfo } from '../../../widgets/slider/slider.info.ts';
import { textInfo } from '../../../widgets/text/text.info.ts';
import { thankYouInfo } from '../../../widgets/thank-you/thank-you.info.ts';
import { zipLookupInfo } from '../../../widgets/zip-lookup/zip-lookup.info.ts';
import {
  NAMES_SAMPLE,
  displayWithInput,
  emptyDisplay,
  exampleMissingOption,
  fractionalAmount,
  invalidWithoutReason,
  labelOnlyWhenShown,
  misspeltOptions,
  namesWithoutErrors,
  noErrorWiring,
  onlyTheChange,
  requiredOptionsNoExample,
  silent,
  stringAmount,
  unlabelledLastName,
  unlabelledText,
  wellMadeDisplay,
  wellMadeNames,
  wellMadeText,
} from './broken-widgets.tsx';

describe('the name and summary check', () => {
  it('passes every registered widget', () => {
    expect(widgets.map((widget) => checkNameAndSummary(widget, widgets))).toEqual(widgets.map(() => undefined));
  });

  it('catches a name flows cannot write', () => {
    expect(checkNameAndSummary({ ...wellMadeText, name: 'Well_Made' }, [])).toBe(
      'widget "Well_Made": its name must be lower-case words joined by "-", as flows write it in "widget"',
    );
  });

  it('catches a name two widgets share', () => {
    expect(checkNameAndSummary(wellMadeText, [wellMadeText, { ...wellMadeText }])).toBe(
      'widget "well-made-text": 2 widgets of the list have this name; each needs its own',
    );
  });

  it('catches a summary too short for the guide', () => {
    expect(checkNameAndSummary({ ...wellMadeText, summary: 'An input.' }, [])).toBe(
      'widget "well-made-text": its summary "An input." is too short: write one real sentence for the widget table of flows/README.md',
    );
  });
});

describe('the check that both lists hold the same widgets', () => {
  it("passes the repository's lists", () => {
    expect(checkListsAgree(pageWidgets, widgets)).toBeUndefined();
  });

  it('catches a widget the page lists but the tools do not describe', () => {
    expect(checkListsAgree([...pageWidgets, wellMadeText], widgets)).toBe(
      'widget "well-made-text" is in widgets/index.ts but not in widgets/info.ts: describe it in its own .info.ts and list that in widgets/info.ts (see widgets/README.md)',
    );
  });

  it('catches a widget the tools describe but the page does not list', () => {
    expect(checkListsAgree(pageWidgets, [...widgets, wellMadeText])).toBe(
      'widget "well-made-text" is in widgets/info.ts but not in widgets/index.ts: flows could name it, but the page could not show it',
    );
  });
});

describe('the options schema check', () => {
  it('passes every registered widget and a well-made fixture', () => {
    expect([...widgets, wellMadeText].map(checkOptionsSchema)).toEqual([...widgets, wellMadeText].map(() => undefined));
  });

  it('catches an unknown keyword that lenient ajv would skip', () => {
    expect(() => new Ajv({ strict: false }).compile(misspeltOptions.options)).not.toThrow();
    expect(checkOptionsSchema(misspeltOptions)).toBe(
      'widget "misspelt-options": its options schema does not compile: strict mode: unknown keyword: "minimun"',
    );
  });

  it('catches an example its own options schema rejects', () => {
    expect(checkOptionsSchema(exampleMissingOption)).toBe(
      'widget "example-missing-option": its options schema rejects its own example: example must have required property \'found\'',
    );
  });

  it('catches a widget whose options need an example and have none', () => {
    expect(checkOptionsSchema(requiredOptionsNoExample)).toBe(
      'widget "required-options-no-example": its options schema rejects {} (options must have required property \'notFound\', ' +
        'options must have required property \'found\'), so it needs an "example" with options it accepts',
    );
  });
});

describe('the accessible name check', () => {
  it.each([
    [textInfo, 'string'],
    [choiceInfo, 'integer'],
    [sliderInfo, 'number'],
    [currencyInfo, 'integer'],
    [zipLookupInfo, 'string'],
    [wellMadeText, 'string'],
  ] as const)('passes "%s" serving %s, with its label shown or hidden', (widget, type) => {
    expect(checkNamedControl(widget, type)).toBeUndefined();
    expect(checkNamedControl(widget, type, { hideLabel: true })).toBeUndefined();
  });

  it('catches an input whose title is written next to it but does not label it', () => {
    expect(checkNamedControl(unlabelledText, 'string')).toBe(
      'widget "unlabelled-text": no control is named by the field\'s title "Sample title": give the input a label (see widgets/README.md)',
    );
  });

  it('catches a label dropped when the flow hides it', () => {
    expect(checkNamedControl(labelOnlyWhenShown, 'string')).toBeUndefined();
    expect(checkNamedControl(labelOnlyWhenShown, 'string', { hideLabel: true })).toBe(
      'widget "label-only-when-shown": no control is named by the field\'s title "Sample title" when its label is hidden ' +
        '("hideLabel" in a flow): keep the label for screen readers (see widgets/README.md)',
    );
  });
});

describe('the value type check', () => {
  it.each([
    [currencyInfo, 'integer'],
    [currencyInfo, 'number'],
    [sliderInfo, 'integer'],
    [choiceInfo, 'string'],
    [textInfo, 'string'],
    [wellMadeText, 'string'],
  ] as const)('passes "%s" serving %s', (widget, type) => {
    expect(checkValueType(widget, type)).toBeUndefined();
  });

  it('catches a string given back for an integer or a number field', () => {
    expect(checkValueType(stringAmount, 'integer')).toBe(
      'widget "string-amount": changed the value to "20000" (a string), but it serves integer and number: ' +
        'on an integer field it must give back an integer',
    );
    expect(checkValueType(stringAmount, 'number')).toBe(
      'widget "string-amount": changed the value to "20000" (a string), but it serves integer and number: ' +
        'on a number field it must give back a number',
    );
  });

  it('catches a fractional number given back for an integer field', () => {
    expect(checkValueType(fractionalAmount, 'integer')).toBe(
      'widget "fractional-amount": changed the value to 20.5 (a fractional number), but it serves integer: ' +
        'on an integer field it must give back an integer',
    );
  });

  it('catches a widget that never calls onChange', () => {
    expect(checkValueType(silent, 'string')).toBe(
      'widget "silent": when a visitor typed "20000" into its input of type "text", it never called onChange',
    );
  });
});

describe('the error wiring check', () => {
  it.each([
    [textInfo, 'string'],
    [choiceInfo, 'string'],
    [currencyInfo, 'integer'],
    [wellMadeText, 'string'],
  ] as const)('passes "%s" serving %s', (widget, type) => {
    expect(checkErrorWiring(widget, type)).toBeUndefined();
  });

  it('catches a control never marked invalid', () => {
    expect(checkErrorWiring(noErrorWiring, 'string')).toBe(
      'widget "no-error-wiring": with the error "Not right" on its field, nothing is marked aria-invalid="true": ' +
        'spread errorAttributes(id, rawErrors) on the control (see widgets/README.md)',
    );
  });

  it('catches an invalid control that does not point at its error', () => {
    expect(checkErrorWiring(invalidWithoutReason, 'string')).toBe(
      'widget "invalid-without-reason": its invalid control is not described by the error "Not right": aria-describedby ' +
        'must point at the shared error template, as errorAttributes(id, rawErrors) does (see widgets/README.md)',
    );
  });
});

describe('the object widget checks', () => {
  const flowSamples = objectsRenderedBy(addressThenPhoneInfo.name);

  it('find the flow steps an object widget lays out, and catch one no flow uses', () => {
    expect(flowSamples.length).toBeGreaterThan(0);
    expect(checkObjectSamples(addressThenPhoneInfo, flowSamples)).toBeUndefined();
    expect(checkObjectSamples(wellMadeNames, objectsRenderedBy(wellMadeNames.name))).toBe(
      'widget "well-made-names": no flow uses it (as a step\'s "layout" or a field\'s widget in "ui"), so nothing shows which fields it is made for',
    );
  });

  it('pass a well-made object widget and the real one on its flow steps', async () => {
    for (const [widget, sample] of [
      [wellMadeNames, NAMES_SAMPLE] as const,
      ...flowSamples.map((flow) => [addressThenPhoneInfo, flow] as const),
    ]) {
      expect(await checkObjectNamedControls(widget, sample), sample.where).toBeUndefined();
      expect(await checkObjectErrorWiring(widget, sample), sample.where).toBeUndefined();
      expect(checkObjectKeepsAnswers(widget, sample), sample.where).toBeUndefined();
    }
  });

  it('catch a field whose input is not named by its title', async () => {
    expect(await checkObjectNamedControls(unlabelledLastName, NAMES_SAMPLE)).toBe(
      'widget "unlabelled-last-name": in a sample step "names", no control is named by the field\'s title "Last name", ' +
        'even after pressing its buttons: give each input a label (see widgets/README.md)',
    );
  });

  it('catch fields that are not marked invalid', async () => {
    expect(await checkObjectErrorWiring(namesWithoutErrors, NAMES_SAMPLE)).toBe(
      'widget "names-without-errors": in a sample step "names", the control named "First name" is not marked ' +
        'aria-invalid="true" while its field has the error "Not right: first_name": use errorAttributes (see widgets/README.md)',
    );
  });

  it('catch a widget that gives back only the field that changed', () => {
    expect(checkObjectKeepsAnswers(onlyTheChange, NAMES_SAMPLE)).toBe(
      'widget "only-the-change": in a sample step "names", typing into one input gave back {"first_name":"20000"}, where ' +
        'the answers "first_name" and "last_name" are not what they were: give back the whole object, changed only where the visitor typed',
    );
  });
});

describe('the display widget check', () => {
  it('passes a well-made display widget and a real one', () => {
    expect(checkDisplay(wellMadeDisplay)).toBeUndefined();
    expect(checkDisplay(thankYouInfo)).toBeUndefined();
  });

  it('catches a display widget that collects an answer', () => {
    expect(checkDisplay(displayWithInput)).toBe(
      'widget "display-with-input": a display widget collects no data, but it renders 1 text input(s): serve "value" or "object" instead',
    );
  });

  it('catches a display widget that shows nothing', () => {
    expect(checkDisplay(emptyDisplay)).toBe('widget "empty-display": shows no text with its example options');
  });
});
