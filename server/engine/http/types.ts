import type { Context } from "hono";
import type { Services } from "../../kernel/services.ts";
import type { TenantContext } from "../../kernel/context.ts";
import type { Language } from "../../../shared/i18n/api/mod.ts";
import type { Hooks } from "../../kernel/hooks.ts";

export interface Bindings {
  /** Set by server/main.ts from Deno.serve's connection info; absent when a test calls app.request. */
  remoteAddr?: { hostname: string };
}

export interface Variables {
  /** What outlives the request (kernel/services.ts), set for every request by requestContext. */
  services: Services;
  hooks: Hooks;
  requestId: string;
  startedAt: number;
  lang: Language;
  ctx: TenantContext;
}

export type Env = { Bindings: Bindings; Variables: Variables };
export type AppContext = Context<Env>;
