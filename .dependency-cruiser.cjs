/**
 * The layers of docs/decisions/018-lint-format-and-dependency-rules.md, checked on the import graph by
 * dependency-cruiser (`npm run lint`). From the bottom up: engine/ (the flow format, rendering, validation, the
 * page-server contract), widgets/ (on the engine), site/ (the page: engine, widgets and the generated flow modules)
 * and server/ (the API: engine only); flows/ and .generated/ hold the flow files and the modules generated from
 * them; tools/ is the repository's tooling (build, dev server, generators), which only scripts and tests run.
 * Paths are relative to the folder dependency-cruiser runs in, the repository's root.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-stands-alone',
      comment:
        'The engine is the lowest layer: widgets, the site, the server and the tooling build on it, and a flow reaches ' +
        'it as data, so an import upwards would tie the engine to one product and make a circle between layers.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(widgets|site|server|flows|\\.generated|tools)/' },
    },
    {
      name: 'widgets-build-on-the-engine-only',
      comment:
        'A widget is written against the widget contract alone (engine/widget-contract.ts): services come through the ' +
        'form context, so a widget never reaches into the site, the server, the flows or the tooling.',
      severity: 'error',
      from: { path: '^widgets/' },
      to: { path: '^(site|server|flows|\\.generated|tools)/' },
    },
    {
      name: 'site-never-imports-server-or-tools',
      comment:
        'The site is built for the browser: server code would ship to visitors, and the page-server contract it ' +
        'shares with the server belongs in the engine. Tooling runs at build time, never in the page.',
      severity: 'error',
      from: { path: '^site/' },
      to: { path: '^(server|tools)/' },
    },
    {
      name: 'server-imports-the-engine-only',
      comment:
        'The server shares only contracts with the page (flow format, validation, API schemas), and they live in the ' +
        'engine: importing the site or a widget would pull React into the server; it reads the flow files from disk ' +
        'at run time, and the tooling is not part of what runs in production.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(site|widgets|flows|\\.generated|tools)/' },
    },
    {
      name: 'only-scripts-and-tests-import-tools',
      comment:
        'tools/ builds, generates and checks the repository; nothing the product runs may depend on it, or the build ' +
        'would end up in the product.',
      severity: 'error',
      from: { pathNot: '^(tools|tests)/' },
      to: { path: '^tools/' },
    },
    {
      name: 'no-circular',
      comment:
        'An import circle has no order to load or to read it in: modules see each other half-initialised, and neither ' +
        'can be understood or tested without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Only the repository's own modules: packages are followed no further than their entry.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.dev-dist|\\.parcel-cache|test-results|playwright-report)/' },
    // Type-only imports count: a type imported upwards ties the layers together as much as a value does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
