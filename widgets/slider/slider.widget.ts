// Its stylesheet stays with the page's, so a start screen that shows it is drawn styled before its code arrives.
import './slider.css';
import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const slider = defineWidget({
  name: 'slider',
  serves: { kind: 'value', types: ['integer', 'number'] },
  // Only later steps use it: kept out of the first screen's script (a start step's is loaded before it is drawn).
  component: deferredComponent(() => import('./Slider.tsx').then((module) => module.Slider), 'the amount slider'),
});
