// Starts the server on Deno. Everything else lives in app.ts (routes) and platform.ts (resources).
import { createApp } from "./app.ts";
import { createPlatform } from "./platform.ts";
import { BackupSchedule } from "../tenants/backups.ts";

const platform = await createPlatform();
const app = createApp(platform);
// Scheduled backups of every tenant (BACKUP_EVERY seconds; none by default), on a worker thread.
const backups = new BackupSchedule(platform);
backups.start();
const { port, hostname, publicUrl } = platform.config;

const server = Deno.serve({
  port,
  hostname,
  onListen: () =>
    console.log(
      `WMS server listening on ${publicUrl} (API: ${publicUrl}/api, health: ${publicUrl}/api/health)`,
    ),
}, (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));

async function shutdown() {
  backups.stop();
  await server.shutdown();
  await platform.close();
  Deno.exit(0);
}
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
