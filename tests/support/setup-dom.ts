import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { widgetRegistry } from '../../engine/render/registry.ts';
import { widgets } from '../../widgets/index.ts';

// Widgets kept out of the page's first script are fetched before tests render them, as the page fetches them before
// a later step shows; until then they would suspend.
await widgetRegistry(widgets).preload();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
