/** Turns the widget list into what rjsf and the step screen look widgets up in. */
import type { ComponentType } from 'react';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { DisplayProps, WidgetDefinition } from '../widget-contract.ts';
import type { WidgetKindOf } from '../flow/to-rjsf.ts';

export interface WidgetRegistry {
  widgets: RegistryWidgetsType;
  fields: RegistryFieldsType;
  displays: Readonly<Record<string, ComponentType<DisplayProps<unknown>>>>;
  kindOf: WidgetKindOf;
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
  return { widgets, fields, displays, kindOf: (name) => kinds.get(name) };
}
