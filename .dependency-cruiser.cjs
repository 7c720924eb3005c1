/** Import directions of the house (../shared/design/architecture.md): http, cli → services → domain, ports. */

/**
 * The layers inside src/services (docs/service-layers.md), lowest first. A file may import its own folder and any
 * layer below its own, never one above:
 *   1. the service ports: ports.ts (runner interfaces, clock, ids), settings.ts, deps.ts (the three together);
 *   2. the kernel: small helpers every area shares (locks, leases, drain loops, short ids);
 *   3. readModel/: presenters and the reads that assemble what the interface shows (a memory with its labels, thread
 *      and crystal), used by every area;
 *   4. the areas, in the order of SERVICE_AREAS: an area may call areas listed before it (memories calls labels to
 *      ensure a label exists), never one listed after it, so area imports cannot run both ways.
 * A new folder under src/services must be added to SERVICE_AREAS (rule service-area-is-listed).
 */
const SERVICE_PORTS = ['ports', 'settings', 'deps'];
const SERVICE_KERNEL = ['locks', 'singleton', 'drainLoop', 'ids'];
const SERVICE_AREAS = [
  'auth', 'spaces', 'labels', 'relations', 'trash', 'graph', 'health', 'communities', 'memories', 'threads', 'crystals',
  'distill', 'search', 'sources', 'library', 'exports', 'agent', 'memfs', 'reads', 'sync',
];
const servicePath = names => `^src/services/(${names.join('|')})(/|\\.ts$)`;
const areaRules = SERVICE_AREAS.slice(0, -1).map((area, i) => ({
  name: `service-area-order-${area}`,
  comment: `${area} may import only areas listed before it in SERVICE_AREAS`,
  severity: 'error',
  from: { path: `^src/services/${area}/` },
  to: { path: servicePath(SERVICE_AREAS.slice(i + 1)) },
}));

module.exports = {
  forbidden: [
    // Any circle, type-only included: a type circle is still two files that cannot be understood one without the other.
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'service-ports-import-no-service',
      comment: 'services/ports.ts, settings.ts and deps.ts name what services are given; they import no service',
      severity: 'error',
      from: { path: servicePath(SERVICE_PORTS) },
      to: { path: '^src/services/', pathNot: servicePath(SERVICE_PORTS) },
    },
    {
      name: 'service-kernel-stays-below-areas',
      comment: 'the shared helpers import only the service ports (and each other)',
      severity: 'error',
      from: { path: servicePath(SERVICE_KERNEL) },
      to: { path: '^src/services/', pathNot: servicePath([...SERVICE_PORTS, ...SERVICE_KERNEL]) },
    },
    {
      name: 'read-model-stays-below-areas',
      comment: 'readModel/ presents what every area shows; it imports no area (only ports, the kernel and itself)',
      severity: 'error',
      from: { path: '^src/services/readModel/' },
      to: { path: '^src/services/', pathNot: servicePath([...SERVICE_PORTS, ...SERVICE_KERNEL, 'readModel']) },
    },
    ...areaRules,
    {
      name: 'service-area-is-listed',
      comment: 'every folder under src/services is an area of SERVICE_AREAS (or readModel), so its place in the order is decided',
      severity: 'error',
      from: { path: '^src/services/[^/]+/', pathNot: `^src/services/(${[...SERVICE_AREAS, 'readModel'].join('|')})/` },
      to: {},
    },
    {
      name: 'service-file-is-placed',
      comment: 'a file directly under src/services is one of the ports or the kernel; anything else belongs in an area',
      severity: 'error',
      from: { path: '^src/services/[^/]+\\.ts$', pathNot: [servicePath([...SERVICE_PORTS, ...SERVICE_KERNEL]), '\\.test\\.ts$'] },
      to: {},
    },
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
      name: 'foundations-import-nothing-of-ours',
      comment: 'the error catalog, the configuration and the version are imported by every layer, so they import none',
      severity: 'error',
      from: { path: '^src/(errors|config|version)\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'providers-stay-below-services',
      comment: 'providers (models, embedders, session sources) are adapters to the outside: they know nothing of services, HTTP or storage',
      severity: 'error',
      from: { path: '^src/providers' },
      to: { path: ['^src/(services|http|cli|main|storage|config)'] },
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
