/**
 * The console's page in the browser: its own build (docs/decisions/062-console-bundle.md), under the browser's router,
 * with the product name the server writes into the page as it does into the visitor's.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { readRuntimeConfig } from '../contracts/public-config.ts';
import Console from './Console.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Console productName={readRuntimeConfig().productName} />
    </BrowserRouter>
  </StrictMode>,
);
