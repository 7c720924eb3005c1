/** Import directions of the house (../shared/design/architecture.md): http, cli → services → domain, ports. */
module.exports = {
  forbidden: [
    // Type-only cycles (a service's deps type naming its own ports) vanish at run time and are allowed.
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } } },
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds types and pure rules: it imports nothing else of ours and no I/O',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { path: ['^src/(?!domain)', '^(node:)?(fs|net|http|child_process)$'] },
    },
    {
      name: 'services-stay-below-http',
      comment: 'services never know about HTTP, SQL adapters or provider adapters',
      severity: 'error',
      from: { path: '^src/services' },
      to: { path: ['^src/http', '^src/cli', '^src/storage/(?!ports)', '^src/providers/(?!ports)', '^src/main', 'node_modules/(fastify|kysely|better-sqlite3)'] },
    },
    {
      name: 'http-talks-to-services',
      comment: 'routes translate and call services; storage is reached only through services',
      severity: 'error',
      from: { path: '^src/http' },
      to: { path: ['^src/storage', '^src/providers/(?!ports)', '^src/cli', '^src/main'] },
    },
    {
      name: 'adapters-only-in-main',
      comment: 'storage and provider adapters are chosen and wired only by the composition root',
      severity: 'error',
      from: { path: '^src/(?!main|storage|providers)', pathNot: '\\.test\\.ts$' },
      to: { path: ['^src/storage/(sqlite|postgres|shared)', '^src/providers/(embedder|extractor|llm)'] },
    },
    {
      name: 'cli-client-stays-light',
      comment: 'the client commands (nmem, cairn status|m|t|…) start fast: they talk REST and load no server module',
      severity: 'error',
      from: { path: '^src/cli/client' },
      to: { path: ['^src/(services|storage|http|jobs|main|mainBackup|config)', '^src/cli/(?!client|mcpConfig)', '^src/providers/(?!sessions|ports)', 'node_modules/(fastify|kysely|better-sqlite3|pino|zod)'] },
    },
    {
      name: 'storage-holds-no-rules-above-it',
      severity: 'error',
      from: { path: '^src/storage' },
      to: { path: ['^src/(services|http|cli|main)'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests reach the composition root through test/helpers.ts on purpose; the rules are for production code.
    exclude: { path: ['\\.test\\.ts$', '^test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js'] },
  },
};
