// Starts the server on Deno. Everything else lives in app.ts (routes) and platform.ts (resources).
import { createApp } from "./app.ts";
import { createPlatform } from "./platform.ts";

const platform = await createPlatform();
const app = createApp(platform);
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
  await server.shutdown();
  await platform.close();
  Deno.exit(0);
}
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
