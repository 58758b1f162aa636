// Starts the server on Deno. Everything else lives in app.ts (routes), platform.ts (resources) and
// cluster/ (the front and its shards: WORKERS worker threads, each owning a share of the tenants).
import { createApp } from "./app.ts";
import { createPlatform, type Platform } from "./platform.ts";
import { loadConfig } from "./config.ts";
import { startFront } from "./cluster/front.ts";
import { BackupSchedule } from "./tenancy/backups.ts";
import { ReplicationSupervisor } from "./replication/supervisor.ts";
import { securityEventOutside } from "./domain/logs/security_log/service.ts";
import { keyRisk } from "./replication/view.ts";

const config = loadConfig();
let platform: Platform;
let handler: (req: Request, remoteAddr: Deno.NetAddr) => Response | Promise<Response>;
let closeWorkers = () => Promise.resolve();
if (config.workers > 0) {
  const front = await startFront(config);
  platform = front.platform;
  handler = front.fetch;
  closeWorkers = () => front.close();
} else {
  platform = await createPlatform(config);
  const app = createApp(platform);
  handler = (req, remoteAddr) => app.fetch(req, { remoteAddr });
}
// The tenant directory learns where this instance is reached (a proxy in front of several routes by it).
try {
  await platform.registry.claimInstance(config.instance, config.instanceUrl);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  Deno.exit(1);
}
// Litestream streams every database this process owns to REPLICA_URL (decision 0019); none without it.
const replication = config.replicaUrl
  ? new ReplicationSupervisor(config, platform.registry, undefined, undefined, {
    refused: (detail) => securityEventOutside(platform, { kind: "egress.refused", detail }),
  })
  : undefined;
await replication?.start();
const risk = keyRisk(config);
if (risk) console.warn(`warning: ${risk}`);
// Messages left due by the last process delivered, and attachments left on disk from before they were kept in
// the tenant's database brought into it (decision 0020), in the background by the thread that writes the
// tenants: this one, or each shard for its own (server/cluster/worker.ts).
if (config.workers === 0) {
  const { sweepWorkLeft } = await import("./domain/messaging/sweep.ts");
  void sweepWorkLeft(platform, platform.hooks).catch((err) =>
    console.error("work left by the last process, after the start:", err)
  );
  const { importLeftFiles } = await import("./tenancy/files.ts");
  void importLeftFiles(platform);
}
// Scheduled backups of every tenant (BACKUP_EVERY seconds; none by default), on a worker thread.
const backups = new BackupSchedule(platform);
backups.start();
const { port, hostname, publicUrl } = config;
const threads = config.workers > 0
  ? `${config.workers} shard${config.workers === 1 ? "" : "s"}, ${config.readers} reader${
    config.readers === 1 ? "" : "s"
  }`
  : "one thread";

const demoHint = Deno.env.get("WMS_DEMO_HINT");
const server = Deno.serve({
  port,
  hostname,
  onListen: () =>
    console.log(
      `WMS server listening on ${publicUrl} (API: ${publicUrl}/api, health: ${publicUrl}/api/health; ${threads}); ` +
        `stock widgets: ${publicUrl}/widgets/demo` +
        // `npm start` (scripts/start.ts) has seeded the demo tenant and hands its password here (the server
        // imports nothing of demo/): how to sign in to it, last on the screen.
        (demoHint
          ? `\n\nOpen ${publicUrl} and sign in as admin, manager, user, terminal or contractor, password ` +
            `${demoHint}. Stop with Ctrl+C.`
          : ""),
    ),
}, (req, info) => handler(req, info.remoteAddr as Deno.NetAddr));

async function shutdown() {
  backups.stop();
  await server.shutdown();
  await closeWorkers();
  if (config.workers === 0) await platform.close();
  // Last: the files' final frames are shipped once nothing writes them any more.
  await replication?.stop();
  Deno.exit(0);
}
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
