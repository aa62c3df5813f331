/**
 * ARCHITECTURE §7 rule 2: dependencies run one way,
 *   renderer -> routes -> ui -> machines -> services -> shared,
 * and server/ depends on src/services/api/contract and src/shared only.
 */
const layer = (name, forbidden, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^src/${name}/` },
  to: { path: forbidden.map((f) => `^src/${f}/`).join('|') },
})

module.exports = {
  forbidden: [
    layer('shared', ['services', 'machines', 'ui', 'routes', 'renderer'], 'shared is pure and isomorphic: it imports nothing above it'),
    layer('services', ['machines', 'ui', 'routes', 'renderer'], 'services never know about flows or views'),
    layer('machines', ['ui', 'routes', 'renderer'], 'machines know no React and no routes'),
    layer('ui', ['routes', 'renderer'], 'views render machine state; routes compose views, not the other way'),
    layer('routes', ['renderer'], 'the renderer is Vike glue on top of the routes'),
    {
      name: 'machines-no-service-calls',
      comment:
        'side effects are named actors whose defaults live in <flow>.actors.ts and call src/services (ARCHITECTURE §3); charts, rules and selectors import types only',
      severity: 'error',
      // Tests, the registry and the flows' samples (tooling for QA: sample inputs) may use contract values.
      from: { path: '^src/machines/', pathNot: '\\.test\\.tsx?$|\\.actors\\.ts$|\\.samples\\.ts$|^src/machines/registry\\.ts$' },
      to: { path: '^src/services/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-only-contract-and-shared',
      comment: 'the server shares only the API contract and src/shared with the front end',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/(services/api/contract|shared)/' },
    },
    {
      name: 'domain-builds-no-api-answer',
      comment: 'domain rules throw typed domain errors; server/api maps them to SPEC §8 answers in one place',
      severity: 'error',
      from: { path: '^server/domain/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(server/api/|src/shared/errors\\.ts$)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'src-never-imports-server',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'no-test-imports-in-code',
      severity: 'error',
      from: { pathNot: '\\.test\\.tsx?$|/test/' },
      to: { path: '\\.test\\.tsx?$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(styled-system|dist|locales/.*/messages\\.ts)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
}
