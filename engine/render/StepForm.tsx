/**
 * The fields of a step, rendered by rjsf with our widgets and templates. Validation is ours: the step's precompiled
 * validator runs on every change, and errors show for a field once it was changed or left, or for every field once
 * the step was submitted.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Form from '@rjsf/core';
import { getDefaultFormState, type ErrorSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { CompiledFlow, StepValidators } from '../flow/compiled.ts';
import { validateStep } from '../flow/compiled.ts';
import type { KeywordError } from '../validation/messages.ts';
import { stepSchema, stepUiSchema } from '../flow/to-rjsf.ts';
import type { FormRecord } from '../state/record.ts';
import { messagesByField, situationMessage } from '../validation/messages.ts';
import type { FormContext } from '../widget-contract.ts';
import { useEngineSettings } from './engine-settings.tsx';
import { templates } from './templates.tsx';
import { takeEarlySubmit } from './early-submit.ts';
import { useLatest } from './use-latest.ts';

interface Props {
  compiled: CompiledFlow;
  /** The step's precompiled validators. */
  validators: StepValidators;
  stepId: string;
  answers: FormRecord;
  onSave: (data: FormRecord) => void;
  /** Saves the step and moves on; resolves with errors to show when the step's action keeps the visitor here. */
  onComplete: (data: FormRecord) => Promise<KeywordError[]>;
  restart: () => void;
  children: (busy: boolean) => ReactNode;
}

const ROOT_PREFIX = 'root_';

// Defaults come only from `default`: a `const` of one choice in a `oneOf` must never pre-select that choice.
const DEFAULTS = { constAsDefaults: 'never' } as const;

export function StepForm({ compiled, validators, stepId, answers, onSave, onComplete, restart, children }: Props) {
  const { flow } = compiled;
  const step = flow.steps[stepId]!;
  const { registry, api, page, events, locale } = useEngineSettings();
  const schema = useMemo(() => stepSchema(stepId, step)!, [stepId, step]);
  const uiSchema = useMemo(() => stepUiSchema(step, registry.kindOf), [step, registry]);
  const validator = useMemo(() => createPrecompiledValidator(validators, schema), [validators, schema]);
  // The step's data lives here (controlled form): restored answers plus schema defaults at first, then every change.
  // The stored record is written from it but never fed back, so a save cannot reset what the visitor is typing.
  const [data, setData] = useState<FormRecord>(
    () =>
      getDefaultFormState(
        validator,
        schema,
        pick(answers, Object.keys(schema.properties ?? {})),
        schema,
        false,
        DEFAULTS,
      ) as FormRecord,
  );
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [busy, setBusy] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Each request to move on (a widget's advance, a press of Next before the form was taken over) is submitted by an
  // effect: it runs after the commit of the change that came with the request, when rjsf has reported that change.
  const [advanceRequests, setAdvanceRequests] = useState(0);
  // Errors the schema cannot decide: set by widgets (an unknown ZIP) or by the step's action (a phone that fails the
  // check). Widget errors stay until the widget clears them; action errors until the field changes.
  const [widgetErrors, setWidgetErrors] = useState<Readonly<Record<string, string>>>({});
  const [actionErrors, setActionErrors] = useState<readonly KeywordError[]>([]);
  const latest = useRef(data);
  const formRef = useRef<HTMLFormElement>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const errors = useMemo(() => validateStep(validators, stepId, data), [validators, stepId, data]);
  const visible = failedSubmits > 0 ? errors : errors.filter((error) => shown.has(error.field));
  const extraErrors = useMemo(() => {
    const byField = messagesByField(flow, stepId, [...visible, ...actionErrors]);
    for (const [field, message] of Object.entries(widgetErrors)) byField[field] = [...(byField[field] ?? []), message];
    return toErrorSchema(byField);
  }, [flow, stepId, visible, actionErrors, widgetErrors]);

  const show = (id: string | undefined) => {
    const field = id?.startsWith(ROOT_PREFIX) ? id.slice(ROOT_PREFIX.length) : undefined;
    if (field && !shown.has(field)) setShown(new Set(shown).add(field));
  };

  const submit = async (submitted: FormRecord) => {
    if (submitting || busy) return;
    if (validateStep(validators, stepId, submitted).length > 0 || Object.keys(widgetErrors).length > 0) {
      setFailedSubmits((count) => count + 1);
      return;
    }
    setSubmitting(true);
    const refused = await onComplete(submitted);
    if (!mounted.current) return;
    setSubmitting(false);
    setActionErrors(refused);
    if (refused.length > 0) setFailedSubmits((count) => count + 1);
  };

  // rjsf keeps the form context it was built with while each new one deep-equals it, ignoring functions: the context
  // a widget holds may be from an earlier render, and the effect submitting its request must use this render's submit.
  const latestSubmit = useLatest(submit);
  useEffect(() => {
    if (advanceRequests > 0) void latestSubmit.current(latest.current);
  }, [advanceRequests, latestSubmit]);

  // A press of Next before this form was taken over (the server drew it) is answered now, as it would have been then.
  useEffect(() => {
    if (takeEarlySubmit(formRef.current)) setAdvanceRequests((count) => count + 1);
  }, []);

  const formContext: FormContext = {
    advance: () => setAdvanceRequests((count) => count + 1),
    setBusy,
    setFieldError: (field, message) =>
      setWidgetErrors((current) => {
        if (current[field] === message) return current;
        const { [field]: _cleared, ...rest } = current;
        return message === undefined ? rest : { ...rest, [field]: message };
      }),
    message: (key) => situationMessage(flow, stepId, key),
    locale,
    touch: (fields) => setShown((current) => new Set([...current, ...fields])),
    save: onSave,
    restart,
    submitting,
    record: answers,
    api,
    settings: page,
  };

  useEffect(() => {
    if (failedSubmits === 0) return;
    events.validationFailed({ flow: flow.id, version: flow.version, stepId });
    if (formRef.current) focusFirstInvalid(formRef.current);
  }, [failedSubmits, events, flow, stepId]);

  return (
    <Form
      ref={(form) => {
        // rjsf types its form element ref as `any`; it holds the <form> it renders.
        formRef.current = (form?.formElement.current as HTMLFormElement | null | undefined) ?? null;
      }}
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
      validator={validator}
      widgets={registry.widgets}
      fields={registry.fields}
      templates={templates}
      formContext={formContext}
      extraErrors={extraErrors}
      noValidate
      noHtml5Validate
      showErrorList={false}
      experimental_defaultFormStateBehavior={DEFAULTS}
      onChange={(event, id) => {
        const next = event.formData as FormRecord;
        const changed = actionErrors.filter((error) => next[error.field] !== latest.current[error.field]);
        if (changed.length > 0) setActionErrors(actionErrors.filter((error) => !changed.includes(error)));
        latest.current = next;
        setData(next);
        onSave(next);
        show(id);
      }}
      onBlur={(id) => show(id)}
      onSubmit={(event) => {
        // Marked by the page's loader too: this press is answered here, not again by the effect above.
        takeEarlySubmit(formRef.current);
        void submit(event.formData as FormRecord);
      }}
    >
      {children(busy || submitting)}
    </Form>
  );
}

function pick(record: FormRecord, keys: readonly string[]): FormRecord {
  return Object.fromEntries(keys.filter((key) => record[key] !== undefined).map((key) => [key, record[key]]));
}

function toErrorSchema(byField: Record<string, string[]>): ErrorSchema {
  return Object.fromEntries(
    Object.entries(byField).map(([field, messages]) => [field, { __errors: messages }]),
  ) as ErrorSchema;
}

/** Focuses the first invalid control in page order (rjsf's own focus follows the validator's order instead). */
function focusFirstInvalid(form: HTMLFormElement) {
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.matches('input, select, textarea, button')
    ? invalid
    : invalid.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])');
  target?.scrollIntoView({ block: 'center' });
  target?.focus({ preventScroll: true });
}
