// The layers of docs/architecture.md, checked by `npm run lint`:
// web -> shared <- server, and no feature of the web reaching into another.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-imports-server',
      comment: 'The web never imports server code: share it through src/shared.',
      severity: 'error',
      from: { path: '^src/web/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^src/server/' },
    },
    {
      name: 'shared-imports-app',
      comment: 'src/shared is imported by both sides and imports neither.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^src/(web|server)/' },
    },
    {
      name: 'server-imports-web',
      comment: 'The server never imports web code.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'feature-imports-feature',
      comment:
        'A feature (src/web/features/<name>/, or src/web/features/admin/<name>/ for the admin area) never imports another: move what both need to src/web/components or src/web/lib.',
      severity: 'error',
      from: { path: '^src/web/features/(admin/[^/]+|[^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'shared-web-without-features',
      comment:
        'src/web/lib and src/web/components serve the features and import none of them: what needs a feature is given it by a page (src/web/pages).',
      severity: 'error',
      from: { path: '^src/web/(lib|components)/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'routes-without-queries',
      comment:
        'Routes validate, call one service and answer: the database is reached through services only (src/server/services).',
      severity: 'error',
      from: { path: '^src/server/routes/', pathNot: '[.]test[.]tsx?$' },
      to: { path: ['^src/server/db/', 'node_modules/drizzle-orm/'] },
    },
    {
      name: 'services-import-routes',
      comment: 'Services never import from routes.',
      severity: 'error',
      from: { path: '^src/server/services/' },
      to: { path: '^src/server/routes/' },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles (type-only imports included) in the application code.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
