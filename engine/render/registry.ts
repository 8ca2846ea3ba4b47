/** Turns the widget list into what rjsf and the step screen look widgets up in. */
import type { ComponentType } from 'react';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { DisplayProps, WidgetDefinition } from '../widget-contract.ts';
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

export function widgetRegistry(list: readonly WidgetDefinition[]): WidgetRegistry {
  const widgets: RegistryWidgetsType = {};
  const fields: RegistryFieldsType = {};
  const displays: Record<string, ComponentType<DisplayProps<unknown>>> = {};
  for (const definition of list) {
    const { component } = definition;
    if (definition.serves.kind === 'value') widgets[definition.name] = component;
    else if (definition.serves.kind === 'object') fields[definition.name] = component;
    else displays[definition.name] = component;
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
