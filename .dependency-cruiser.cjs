// The layer check (issue 34): imports go one way, from the composition root down to the kernel. Run by
// `npm test` (scripts/gate.ts, "layers") as
//   npx depcruise server tenants demo bench client widgets shared tests --config .dependency-cruiser.cjs
//     --ignore-known .dependency-cruiser-known-violations.json
// Known violations other changes of issue 34 remove (stock -> orders, client <-> server, the Platform service
// locator) are listed in .dependency-cruiser-known-violations.json (`--output-type baseline` writes it);
// anything new fails the run.
//
// The server's layers, lowest first. A file may import its own layer and the layers below it, never above.
//   0 kernel      server/kernel/ (errors, context types and the narrow ports a request carries, the database
//                 interface's types, ...), server/config.ts (the environment parsed once; imports nothing of the
//                 server, and the ports name its Config), server/print_agent/protocol.ts (plain messages the
//                 separate print agent shares)
//   1 db          server/db/ (drivers, migrations, bulk writes behind the kernel's Connection type)
//   2 control     the runtime control plane's core: server/tenancy/{registry,schema,pool,control,fence,migrate_all}.ts;
//                 the hub's core: server/hub/{hub,outbox,contract,visibility}.ts (what a change publishes,
//                 written by the engine and the areas, so it sits below them; the socket route is at the edge)
//   3 placement   server/cluster/{placement,protocol,batches}.ts (which thread owns a tenant: asked by the areas, so below
//                 them), server/replication/ (Litestream's config and state as files: read by the system area
//                 and backups, imports nothing above the control plane)
//   4 engine      server/engine/ (the resource engine, and engine/http/: the route toolkit areas declare with)
//   5 areas       server/domain/<area>/ (may import each other, never in a circle, see no-area-cycle);
//                 server/tenancy/{provision,move,files,backups}.ts (tenant operations over the areas: a tenant's
//                 first user and settings, its files brought into its database, its move, its backups; the
//                 registration area provisions a tenant)
//   6 edge        server/http/ (the app's middleware), server/hub/routes.ts (the socket), server/tenancy/resolve.ts
//                 (a request's tenant and actor, used by the middleware and the socket), widgets/ (server-
//                 rendered, beside http: may import areas and engine; only server/app.ts imports it)
//   7 root        server/app.ts, server/main.ts, server/platform.ts, server/hooks.ts (the areas' lifecycle
//                 hooks), server/schema.ts (the tenant schema),
//                 server/cluster/{front,worker}.ts (each thread's entry: it builds the app for its thread)
// Outside the server: tenants/ (operator CLI, proxy), demo/ and bench/ may import the server; the server imports
// none of them, nor client/, tests/ or scripts/. client/ imports only shared/ of the server side; shared/ imports
// only npm packages and itself. Test files (*.test.ts, tests/) may reach anything, except stock -> orders.
// server/print_agent/ is a program of its own: it imports nothing of the server.

const TEST = ["\\.test\\.tsx?$", "^tests/"];

const LAYERS = [
  {
    name: "kernel",
    paths: ["^server/kernel/", "^server/config\\.ts$", "^server/print_agent/protocol\\.ts$"],
  },
  { name: "db", paths: ["^server/db/"] },
  {
    name: "control",
    paths: [
      "^server/tenancy/(registry|schema|pool|control|fence|migrate_all)\\.ts$",
      "^server/hub/(hub|outbox|contract|visibility)\\.ts$",
    ],
  },
  {
    name: "placement",
    paths: ["^server/cluster/(placement|protocol|batches)\\.ts$", "^server/replication/"],
  },
  { name: "engine", paths: ["^server/engine/"] },
  { name: "areas", paths: ["^server/domain/", "^server/tenancy/(provision|move|files|backups)\\.ts$"] },
  {
    name: "edge",
    paths: ["^server/http/", "^server/hub/routes\\.ts$", "^server/tenancy/resolve\\.ts$", "^widgets/"],
  },
  {
    name: "root",
    paths: ["^server/(app|hooks|main|platform|schema)\\.ts$", "^server/cluster/(front|worker)\\.ts$"],
  },
];

const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.name} imports only its own layer and those below it (${
    LAYERS.slice(0, i).map((l) => l.name).join(", ") || "nothing"
  }): see the matrix at the top of .dependency-cruiser.cjs`,
  severity: "error",
  from: { path: layer.paths, pathNot: TEST },
  to: { path: LAYERS.slice(i + 1).flatMap((l) => l.paths) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "server-unlayered",
      comment:
        "every file under server/ belongs to a layer of the matrix (a new folder is placed there first)",
      severity: "error",
      from: {
        path: "^server/",
        pathNot: [...TEST, "^server/print_agent/", ...LAYERS.flatMap((l) => l.paths)],
      },
      to: {},
    },
    {
      name: "no-area-cycle",
      comment: "no circle between areas (server/domain/<a> -> ... -> server/domain/<b> -> ... -> <a>)",
      severity: "error",
      from: { path: "^server/domain/([^/]+)/", pathNot: TEST },
      to: { circular: true, via: { pathNot: "^server/domain/$1/" } },
    },
    {
      name: "no-server-cycle",
      comment: "no circle inside server/ at all",
      severity: "error",
      from: { path: "^server/", pathNot: TEST },
      to: { circular: true },
    },
    {
      name: "stock-not-orders",
      comment: "stock sits below orders: orders register their hooks with the stock engine (tests included)",
      severity: "error",
      from: { path: "^server/domain/stock/" },
      to: { path: "^server/domain/orders/" },
    },
    {
      name: "server-not-outside",
      comment: "the server imports nothing of the client, operators, demo, tests, benches, scripts",
      severity: "error",
      from: { path: "^server/", pathNot: TEST },
      to: { path: "^(client|tenants|demo|tests|bench|scripts)/" },
    },
    {
      name: "widgets-only-from-app",
      comment: "widgets are mounted by the composition root alone",
      severity: "error",
      from: { path: "^server/", pathNot: ["^server/app\\.ts$", ...TEST] },
      to: { path: "^widgets/" },
    },
    {
      name: "client-not-server",
      comment: "the client imports the server side only through shared/",
      severity: "error",
      from: { path: "^client/", pathNot: TEST },
      to: { path: "^(server|widgets|tenants|demo|bench|tests)/" },
    },
    {
      name: "shared-alone",
      comment: "shared/ (code both sides use) imports only npm packages and itself",
      severity: "error",
      from: { path: "^shared/", pathNot: TEST },
      to: { pathNot: ["^shared/", "node_modules", "^node:"], dependencyTypesNot: ["core", "npm", "npm-dev"] },
    },
    {
      name: "print-agent-alone",
      comment: "the print agent is built as a program of its own: it imports nothing of the server",
      severity: "error",
      from: { path: "^server/print_agent/", pathNot: TEST },
      to: { path: "^(server|client|widgets|tenants|demo|shared)/", pathNot: "^server/print_agent/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^dist/", "^data/", "^\\.test-data/"] },
    moduleSystems: ["es6"],
    reporterOptions: { text: { highlightFocused: true } },
  },
};
