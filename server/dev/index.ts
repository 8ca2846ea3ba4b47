/**
 * The development aids of `npm run dev` (never loaded otherwise): the build's and the content checks' problems shown
 * on every page, reloads on change, and previews of any step with sample answers.
 */
export { createDevTools } from './dev-tools.ts';
