/**
 * ESLint for the whole repository (`npm run lint`): JavaScript's recommended rules, typescript-eslint's
 * type-checked recommended rules on the TypeScript sources, and React's hook rules on the components.
 * Layers and import circles are dependency-cruiser's work (.dependency-cruiser.cjs); formatting is Prettier's.
 * Why these: docs/decisions/018-lint-format-and-dependency-rules.md.
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Built, cached and generated output, and reports: never edited by hand.
  globalIgnores([
    'dist/',
    '.dev-dist/',
    '.parcel-cache/',
    '.generated/',
    'test-results/',
    'playwright-report/',
    'bench-results/',
    'data/',
  ]),
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `const { dropped, ...kept } = value` is how the code leaves a property out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      // An `async` function is how a route handler, a port or a test fake keeps a promise-returning contract when its
      // answer happens to be at hand: dropping the keyword would turn a thrown error into a synchronous throw.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Hooks live in .ts modules too (use-*.ts): the rules follow them there.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two rules every hook must obey. The plugin's other recommended rules judge code for the React Compiler,
    // which the build does not run.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // Tests read answers as JSON (`await response.json()` is `any`) and let expect() check their shape at run time.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // `expect(fake.method).toHaveBeenCalled()` hands a method over unbound without calling it.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The stand-ins the end-to-end tests load into the page in place of third-party scripts.
    files: ['tests/support/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['*.{js,cjs}'],
    languageOptions: { globals: globals.node },
  },
);
