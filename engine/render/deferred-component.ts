/**
 * A widget component kept out of the page's first script: its module is fetched when the visitor first acts on the
 * start step (the registry preloads every deferred widget then) or when a step using it renders first, which then
 * suspends until it arrives. Widgets that only later steps use declare `component: deferredComponent(...)`.
 */
import { createElement, type ComponentType, type FunctionComponent } from 'react';
import { deferred, readOrSuspend } from './deferred.ts';

export interface DeferredComponent<Props> extends FunctionComponent<Props> {
  preload(): Promise<void>;
}

export function deferredComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  what: string,
): DeferredComponent<Props> {
  const source = deferred(load, what);
  const Deferred = (props: Props) => createElement(readOrSuspend(source), props);
  return Object.assign(Deferred, { preload: () => source.load() });
}

export function isDeferredComponent(component: unknown): component is DeferredComponent<unknown> {
  return (
    typeof component === 'function' && typeof (component as Partial<DeferredComponent<unknown>>).preload === 'function'
  );
}
