import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import { VERSION } from "../../kernel/version.ts";
import type { Env } from "../../engine/http/types.ts";
import { mount } from "../../engine/http/route.ts";
import { providerAsks, ReplicationViewSchema } from "./provider_view.ts";
import { readReplicationState, replicationView } from "../../replication/view.ts";
import { securityEventOutside } from "../logs/security_log/service.ts";
import { clientInfo } from "../../engine/http/client_info.ts";

let sqliteVersion: string | undefined;

export function systemRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "get",
    path: "/health",
    summary: "Liveness, version and the SQLite version of the embedded engine; with the provider's " +
      "monitoring token (HEALTH_TOKEN) as bearer, also the replication's state and each tenant's lag",
    tag: "System",
    access: "public",
    response: z.object({
      status: z.literal("ok"),
      version: z.string(),
      sqliteVersion: z.string(),
      replication: ReplicationViewSchema.optional(),
    }),
  }, async (c) => {
    if (!sqliteVersion) {
      const [row] = await platform.control.query("SELECT sqlite_version() AS v");
      sqliteVersion = String(row.v);
    }
    const answer = { status: "ok" as const, version: VERSION, sqliteVersion };
    // Anyone else learns no more than liveness: no tenant's name, no figure of theirs.
    const authorization = c.req.header("authorization");
    if (!providerAsks(platform.config, authorization)) {
      // Someone guessing at the monitoring token: recorded (no tenant is known), answered as anyone.
      if (platform.config.healthToken && authorization?.startsWith("Bearer ")) {
        securityEventOutside(platform, {
          kind: "health.tokenRefused",
          ...clientInfo(c),
          detail: "a bearer that is not the monitoring token",
        });
      }
      return answer;
    }
    return {
      ...answer,
      replication: replicationView(platform.config, await readReplicationState(platform.config)),
    };
  });

  mount(app, platform, {
    method: "get",
    path: "/systemlog/clearcache",
    summary: "Drop this process's cached tenant records (administrators)",
    tag: "System",
    access: "admin",
    response: z.object({ cleared: z.boolean() }),
  }, (c) => {
    platform.registry.forget(c.get("ctx").tenant.id);
    return { cleared: true };
  });
}
