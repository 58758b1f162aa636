// What a domain verb receives: the tenant's connection (resolved from the verified token, never from
// anything else the caller sends), the acting user, the request id and the caller's language.
import type { Connection } from "./database.ts";
import type { Tenant } from "./tenant.ts";
import type { Language } from "../../shared/i18n/api/mod.ts";
import type { RequestServices } from "./services.ts";
import type { Actor } from "./actor.ts";
import type { Hooks } from "./hooks.ts";

export type { Actor };

export interface TenantContext {
  /** What outlives the request, each by its narrow port (services.ts): the composition root hands them in. */
  services: RequestServices;
  tenant: Tenant;
  conn: Connection;
  actor: Actor;
  requestId: string;
  lang: Language;
  /** The app's lifecycle hooks (kernel/hooks.ts): what areas above do when an area below calls out. */
  hooks: Hooks;
  /** The caller's address and user agent (server/engine/http/client_info.ts), for the security log. */
  client?: { ip: string | null; userAgent: string | null };
}
