/**
 * The layers of docs/decisions/018-lint-format-and-dependency-rules.md and the server's features of
 * docs/decisions/080-the-server-by-feature.md, checked on the import graph by dependency-cruiser (`npm run lint`); the
 * picture is docs/architecture.md. From the bottom up: contracts/ (the shapes the pages and the server share), engine/
 * (the generic form engine), widgets/ (on the engine), then the two pages, site/ (the visitor's) and console/ (the
 * operators' and marketers'), and server/ (the API); flows/ and .generated/ hold the flow files and the modules
 * generated from them; tools/ is the repository's tooling, which only scripts and tests run.
 * Paths are relative to the folder dependency-cruiser runs in, the repository's root.
 */

/**
 * The server's features, lowest first: each may import those before it, never one after it, so a change to a feature
 * reaches only the features after it. platform/ (config, db, http, logging) sits below them all and imports none.
 */
const SERVER_FEATURES = ['page', 'privacy', 'intake', 'buyers', 'funnel', 'console', 'retention', 'dev', 'cli'];

/** One rule per feature: none of the features after it. */
const featureOrder = SERVER_FEATURES.slice(0, -1).map((feature, index) => ({
  name: `server-${feature}-builds-on-earlier-features-only`,
  comment:
    `The server's features depend in one direction (${SERVER_FEATURES.join(' < ')}): ${feature}/ may use ` +
    `${index === 0 ? 'the platform only' : SERVER_FEATURES.slice(0, index).join(', ')}, so an import of a later ` +
    'feature would make two features that can only be changed together.',
  severity: 'error',
  from: { path: `^server/${feature}/` },
  to: { path: `^server/(${SERVER_FEATURES.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contracts-import-nothing-of-ours',
      comment:
        'The contracts are the shapes both ends read (the pages and the server): importing either end, or the engine, ' +
        'would make a contract change with the code on one side of it.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(engine|widgets|site|console|server|flows|\\.generated|tools)/' },
    },
    {
      name: 'engine-stands-alone',
      comment:
        'The engine is the lowest layer of code: widgets, the pages, the server and the tooling build on it, and a flow ' +
        'reaches it as data, so an import upwards would tie the engine to one product and make a circle between layers.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(widgets|site|console|server|flows|\\.generated|tools)/' },
    },
    {
      name: 'engine-and-widgets-know-no-console-or-funnel',
      comment:
        "The engine is a generic form engine and widgets are its parts: the console's API and the funnel's reports are " +
        "this product's owners' side, which the visitor's page neither needs nor should carry.",
      severity: 'error',
      from: { path: '^(engine|widgets)/' },
      to: { path: '^contracts/(console|funnel)\\.ts$' },
    },
    {
      name: 'widgets-build-on-the-engine-and-contracts',
      comment:
        'A widget is written against the widget contract (engine/widget-contract.ts) and the contracts below it (a ZIP ' +
        'widget checks the served area the server checks): services come through the form context, so a widget never ' +
        'reaches into the pages, the server, the flows or the tooling.',
      severity: 'error',
      from: { path: '^widgets/' },
      to: { path: '^(site|console|server|flows|\\.generated|tools)/' },
    },
    {
      name: 'site-never-imports-console-server-or-tools',
      comment:
        "The site is the visitor's page, built for the browser: the console's code would ship to visitors, server code " +
        'too, and what it shares with the server belongs in the contracts. Tooling runs at build time, never in the page.',
      severity: 'error',
      from: { path: '^site/' },
      to: { path: '^(console|server|tools)/' },
    },
    {
      name: 'console-never-imports-site-server-or-tools',
      comment:
        "The console is the owners' app, a page and a build of its own: the visitor's page is not its to reuse (what " +
        'both need is in the engine or the contracts), server code would ship to the browser, and it reads the flows ' +
        'through the generated modules only.',
      severity: 'error',
      from: { path: '^console/' },
      to: { path: '^(site|server|flows|tools)/' },
    },
    {
      name: 'server-imports-the-engine-and-contracts-only',
      comment:
        'The server shares only contracts with the pages (the flow format and validation from the engine, the API ' +
        'shapes from contracts/): importing a page or a widget would pull React into the server; it reads the flow ' +
        'files from disk at run time, and the tooling is not part of what runs in production.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(site|console|widgets|flows|\\.generated|tools)/' },
    },
    {
      name: 'server-platform-imports-no-feature',
      comment:
        'platform/ (config, db, http, logging) is what every feature stands on: a feature imported into it would be ' +
        'loaded by every other, and the platform could not be read or tested without it.',
      severity: 'error',
      from: { path: '^server/platform/' },
      to: { path: '^server/', pathNot: '^server/platform/' },
    },
    ...featureOrder,
    {
      name: 'server-features-meet-through-entry-modules',
      comment:
        'A feature is used through its entry module (server/<feature>/index.ts), which declares what it offers; ' +
        'reaching past it into its files ties the caller to how the feature is built inside.',
      severity: 'error',
      from: { path: '^server/([^/]+)/' },
      to: { path: '^server/[^/]+/', pathNot: ['^server/$1/', '^server/platform/', '^server/[^/]+/index\\.ts$'] },
    },
    {
      name: 'server-root-composes-entry-modules',
      comment:
        'app.ts and index.ts put the features together: they take each through its entry module, as the features ' +
        'take each other.',
      severity: 'error',
      from: { path: '^server/[^/]+\\.ts$' },
      to: { path: '^server/[^/]+/', pathNot: ['^server/platform/', '^server/[^/]+/index\\.ts$'] },
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
