/** Turns the widget list into what rjsf and the step screen look widgets up in. */
import { createElement, type ComponentType } from 'react';
import {
  getUiOptions,
  type FieldProps,
  type RegistryFieldsType,
  type RegistryWidgetsType,
  type UIOptionsType,
  type Widget,
} from '@rjsf/utils';
import type { DisplayProps, ObjectWidgetProps, PageWidget } from '../widget-contract.ts';
import type { WidgetKindOf } from '../flow/to-rjsf.ts';
import { isDeferredComponent } from './deferred-component.ts';

export interface WidgetRegistry {
  widgets: RegistryWidgetsType;
  fields: RegistryFieldsType;
  displays: Readonly<Record<string, ComponentType<DisplayProps<unknown>>>>;
  kindOf: WidgetKindOf;
  /** Fetches every widget that is not in the page's first script; resolves once they arrived (or may be retried). */
  preload: () => Promise<void>;
}

/** A listed widget's component typed by its kind, for options the flow file gave (which the flow checks validated). */
type Renderable =
  | { kind: 'value'; component: Widget }
  | { kind: 'object'; component: ComponentType<ObjectWidgetProps<UIOptionsType>> }
  | { kind: 'display'; component: ComponentType<DisplayProps<unknown>> };

/**
 * The one cast between the widget list and rendering. describeWidget checked each component against its own options
 * schema and serve kind; the list forgets those types (it holds every widget), and the options a component receives
 * are the flow file's, which the flow checks validated against that same schema.
 */
function renderable(definition: PageWidget): Renderable {
  return { kind: definition.serves.kind, component: definition.component } as Renderable;
}

/** rjsf hands a field its `ui:options` inside the uiSchema; an object widget receives them as `options`. */
function withOptions(Component: ComponentType<ObjectWidgetProps<UIOptionsType>>): ComponentType<FieldProps> {
  return function ObjectWidget(props: FieldProps) {
    return createElement(Component, { ...props, options: getUiOptions(props.uiSchema) });
  };
}

export function widgetRegistry(list: readonly PageWidget[]): WidgetRegistry {
  const widgets: RegistryWidgetsType = {};
  const fields: RegistryFieldsType = {};
  const displays: Record<string, ComponentType<DisplayProps<unknown>>> = {};
  for (const definition of list) {
    const widget = renderable(definition);
    if (widget.kind === 'value') widgets[definition.name] = widget.component;
    else if (widget.kind === 'object') fields[definition.name] = withOptions(widget.component);
    else displays[definition.name] = widget.component;
  }
  const kinds = new Map(list.map((definition) => [definition.name, definition.serves.kind]));
  const deferred = list.map((definition) => definition.component).filter(isDeferredComponent);
  return {
    widgets,
    fields,
    displays,
    kindOf: (name) => kinds.get(name),
    preload: async () => {
      await Promise.all(deferred.map((component) => component.preload()));
    },
  };
}
