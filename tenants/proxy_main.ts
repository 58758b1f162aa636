// `deno task proxy`: the tenant proxy (tenants/proxy.ts) on PROXY_PORT (8080), over the control database of
// CONTROL_DB_URL (or DATA_DIR's). Instances behind it set TRUST_PROXY=true to read the caller's address.
import { loadConfig } from "../server/config.ts";
import { openControl } from "../server/tenancy/control.ts";
import { TenantProxy } from "./proxy.ts";

const config = loadConfig();
const control = await openControl(config);
const proxy = new TenantProxy(control);
const port = Number(Deno.env.get("PROXY_PORT") ?? 8080);
Deno.serve(
  { port, hostname: config.hostname, onListen: () => console.log(`WMS tenant proxy on port ${port}`) },
  (req, info) => proxy.fetch(req, info.remoteAddr as Deno.NetAddr),
);
