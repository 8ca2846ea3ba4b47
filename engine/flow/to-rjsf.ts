/**
 * The one place where our flow format becomes what rjsf renders. Marketers never see `ui:` keys; the build compiles
 * validators from exactly these schemas, so the schema rjsf validates against is the one that was precompiled.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Serves } from '../widget-contract.ts';
import type { Flow, Step } from './definition.ts';

export type WidgetKindOf = (widgetName: string) => Serves['kind'] | undefined;

/** The export name of a step's precompiled validator (also the step schema's `$id`). */
export function stepValidatorName(stepId: string): string {
  return `step_${stepId.replace(/-/g, '_')}`;
}

/** The export name of the precompiled test for one branch of a step's `next`. */
export function branchValidatorName(stepId: string, branchIndex: number): string {
  return `when_${stepId.replace(/-/g, '_')}_${branchIndex}`;
}

export function stepSchema(stepId: string, step: Step): RJSFSchema | undefined {
  if (!step.schema) return undefined;
  return { $id: stepValidatorName(stepId), ...step.schema };
}

/** The branch tests of a step, as schemas with their own `$id`; branches without `when` always match. */
export function branchSchemas(stepId: string, step: Step): RJSFSchema[] {
  if (!Array.isArray(step.next)) return [];
  return step.next.flatMap((branch, index) =>
    branch.when ? [{ $id: branchValidatorName(stepId, index), ...branch.when }] : [],
  );
}

export function stepUiSchema(step: Step, kindOf: WidgetKindOf): UiSchema {
  const uiSchema: UiSchema = {};
  for (const [field, ui] of Object.entries(step.ui ?? {})) {
    const entry: UiSchema = kindOf(ui.widget) === 'object' ? { 'ui:field': ui.widget } : { 'ui:widget': ui.widget };
    if (ui.options) entry['ui:options'] = ui.options as Record<string, unknown> as UiSchema['ui:options'];
    if (ui.placeholder !== undefined) entry['ui:placeholder'] = ui.placeholder;
    if (ui.autocomplete !== undefined) entry['ui:autocomplete'] = ui.autocomplete as AutoFill;
    if (ui.hideLabel) entry['ui:label'] = false;
    uiSchema[field] = entry;
  }
  // A layout widget renders the whole step object in place of rjsf's own object field.
  if (step.layout) {
    uiSchema['ui:field'] = step.layout.widget;
    if (step.layout.options)
      uiSchema['ui:options'] = step.layout.options as Record<string, unknown> as UiSchema['ui:options'];
  }
  const order = Object.keys(step.schema?.properties ?? {});
  if (order.length > 1) uiSchema['ui:order'] = order;
  return uiSchema;
}

/** Every schema the build must precompile for a flow, by step. */
export function schemasToCompile(flow: Flow): { stepId: string; schemas: RJSFSchema[] }[] {
  return Object.entries(flow.steps).map(([stepId, step]) => {
    const own = stepSchema(stepId, step);
    return { stepId, schemas: [...(own ? [own] : []), ...branchSchemas(stepId, step)] };
  });
}
