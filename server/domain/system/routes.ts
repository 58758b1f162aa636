import type { Hono } from "hono";
import { z } from "zod";
import type { Platform } from "../../platform.ts";
import { VERSION } from "../../platform.ts";
import type { Env } from "../../http/types.ts";
import { mount } from "../../http/route.ts";

let sqliteVersion: string | undefined;

export function systemRoutes(app: Hono<Env>, platform: Platform): void {
  mount(app, platform, {
    method: "get",
    path: "/health",
    summary: "Liveness, version and the SQLite version of the embedded engine",
    tag: "System",
    access: "public",
    response: z.object({ status: z.literal("ok"), version: z.string(), sqliteVersion: z.string() }),
  }, async () => {
    if (!sqliteVersion) {
      const [row] = await platform.control.query("SELECT sqlite_version() AS v");
      sqliteVersion = String(row.v);
    }
    return { status: "ok" as const, version: VERSION, sqliteVersion };
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
