/**
 * The page's script leaves out two libraries rjsf imports, fast-uri and markdown-to-jsx, for stand-ins that stop with
 * an error when called (decisions 015 and 016). Every step of every flow, rendered as the page renders it and with its
 * errors showing, never calls fast-uri and never shows a part of the form that rjsf fills with Markdown; the controls
 * show that these checks see such a call or part when there is one.
 */
import { Suspense } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import fastUri from 'fast-uri';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flows } from '../../../.generated/flows.ts';
import { EngineSettingsProvider, type EngineSettings } from '../../../engine/render/engine-settings.tsx';
import { NO_FLOW_EVENTS } from '../../../engine/render/flow-events.ts';
import { widgetRegistry } from '../../../engine/render/registry.ts';
import { StepForm } from '../../../engine/render/StepForm.tsx';
import { templates } from '../../../engine/render/templates.tsx';
import { checkFlows, formatProblem } from '../../../engine/flow/checks.ts';
import { readFlowFiles } from '../../../engine/flow/load.ts';
import { createRecordAtoms } from '../../../engine/state/atoms.ts';
import { createRecordStore } from '../../../engine/state/record.ts';
import fastUriStandIn from '../../../site/stubs/fast-uri.ts';
import { Markdown as MarkdownStandIn } from '../../../site/stubs/markdown-to-jsx.ts';
import { widgets } from '../../../widgets/info.ts';
import { stubApi } from '../../support/form-context.ts';

/** Where rjsf renders markdown-to-jsx: a description, a help text, an unsupported field, a bad order, a file list. */
const MARKDOWN_PLACES = '.field-description, .help-block, .unsupported-field, .rjsf-config-error, input[type="file"]';

const registry = widgetRegistry(widgets);
const settings: EngineSettings = {
  registry,
  recordAtomFor: createRecordAtoms(createRecordStore(window.localStorage)),
  productName: 'Fundflow',
  locale: 'en-US',
  api: stubApi(),
  actions: {},
  page: {},
  certificateEnabled: false,
  pageAnswers: () => ({}),
  events: NO_FLOW_EVENTS,
};

/** Counts the page's calls to fast-uri: rjsf calls the functions of the module's one export object. */
function watchFastUri() {
  return [vi.spyOn(fastUri, 'resolve'), vi.spyOn(fastUri, 'equal')];
}

afterEach(() => vi.restoreAllMocks());

// A refused submit scrolls to the first invalid field; jsdom lays nothing out and has no scrolling.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

const everyFormStep = await Promise.all(
  flows.map(async (compiled) => {
    const validators = { ...compiled.validators, ...(await compiled.laterValidators()) };
    return Object.entries(compiled.flow.steps)
      .filter(([, step]) => step.schema !== undefined)
      .map(([stepId]) => ({
        name: `${compiled.flow.version} ${stepId}`,
        compiled,
        stepId,
        validators: validators[stepId] ?? {},
      }));
  }),
).then((lists) => lists.flat());

describe('every step of every flow, as the page renders it', () => {
  it.each(everyFormStep)(
    '$name calls no fast-uri and shows no Markdown, submitted unanswered',
    async ({ compiled, stepId, validators }) => {
      const calls = watchFastUri();
      const completed = vi.fn(async () => []);
      const { container } = render(
        <EngineSettingsProvider settings={settings}>
          <Suspense fallback={null}>
            <StepForm
              compiled={compiled}
              validators={validators}
              stepId={stepId}
              answers={{}}
              onSave={() => {}}
              onComplete={completed}
              restart={() => {}}
            >
              {() => <button type="submit">Submit the step</button>}
            </StepForm>
          </Suspense>
        </EngineSettingsProvider>,
      );
      fireEvent.submit(
        await screen.findByRole('button', { name: 'Submit the step' }).then((button) => button.closest('form')!),
      );
      // Refused with its errors showing, or accepted where every field has a default.
      await waitFor(() =>
        expect(container.querySelectorAll('.field__error').length + completed.mock.calls.length).toBeGreaterThan(0),
      );
      expect(container.querySelectorAll(MARKDOWN_PLACES)).toHaveLength(0);
      for (const call of calls) expect(call).not.toHaveBeenCalled();
    },
  );
});

/** A form as a step renders it (the engine's templates), for a schema no flow has. */
function renderForm(schema: RJSFSchema, uiSchema: UiSchema = {}) {
  return render(
    <Form schema={schema} uiSchema={uiSchema} validator={validator} templates={templates} widgets={registry.widgets} />,
  ).container;
}

describe('fast-uri', () => {
  it('is called by rjsf for a schema of JSON Schema 2020-12 that refers to another by $ref', () => {
    const calls = watchFastUri();
    renderForm({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://example.com/step.json',
      type: 'object',
      properties: { zip: { $ref: 'https://example.com/zip.json' } },
      $defs: { zip: { $id: 'https://example.com/zip.json', type: 'string', title: 'Zip code' } },
    });
    expect(calls.some((call) => call.mock.calls.length > 0)).toBe(true);
  });

  it("is such a schema only when it declares its version, which a flow step's schema may not", () => {
    const [v1] = readFlowFiles('flows').filter(({ file }) => file === 'flows/business-funding.json');
    const json = structuredClone(v1!.json) as { steps: Record<string, { schema?: Record<string, unknown> }> };
    json.steps.start!.schema!.$schema = 'https://json-schema.org/draft/2020-12/schema';
    expect(checkFlows([{ ...v1!, json }], widgets).map(formatProblem)).toContain(
      'flows/business-funding.json /steps/start/schema/$schema: unsupported JSON Schema version "https://json-schema.org/draft/2020-12/schema": leave "$schema" out',
    );
  });

  it('stand-in stops with an error naming what was called and why it is left out', () => {
    expect(() => fastUriStandIn.resolve()).toThrow(/fast-uri's resolve\(\) was called.*decisions\/015/);
    expect(() => fastUriStandIn.equal()).toThrow(/fast-uri's equal\(\) was called.*decisions\/015/);
  });
});

describe('markdown-to-jsx', () => {
  it('is rendered by rjsf in the places the steps are checked for', () => {
    // A field without a type rjsf can tell, and a file field left to rjsf's own widget, once a file is picked.
    const unsupported = renderForm({ type: 'object', properties: { note: { title: 'Note' } } });
    expect(unsupported.querySelector('.unsupported-field')?.textContent).toContain(
      'Unsupported field schema for field root_note',
    );
    const file = renderForm({
      type: 'object',
      properties: { upload: { type: 'string', format: 'data-url', title: 'Upload' } },
    });
    expect(file.querySelector('input[type="file"]')).not.toBeNull();
    // The description and help come through rjsf's own templates, which the engine's replace.
    const described = render(
      <Form
        schema={{ type: 'string', title: 'Name', description: 'As on your licence' }}
        uiSchema={{ 'ui:help': 'Help' }}
        validator={validator}
      />,
    ).container;
    expect(described.querySelectorAll('.field-description, .help-block')).toHaveLength(2);
  });

  it('stand-in stops with an error naming what it was asked to show and why it is left out', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<MarkdownStandIn>Unsupported field schema</MarkdownStandIn>)).toThrow(
      /Markdown was rendered \("Unsupported field schema"\).*decisions\/016/,
    );
  });
});
