// What a domain verb receives: the tenant's connection (resolved from the verified token, never from
// anything else the caller sends), the acting user, the request id and the caller's language.
import type { Connection } from "../db/connection.ts";
import type { Tenant } from "../tenancy/registry.ts";
import type { Language } from "./i18n/mod.ts";
import type { Platform } from "../platform.ts";
import type { Hooks } from "./hooks.ts";

export interface Actor {
  userId: number;
  username: string;
  tenantId: number;
  sessionId: string;
  isSuperUser: boolean;
  isPowerUser: boolean;
  logisticsEnabled: boolean;
  terminalEnabled: boolean;
  shippingEnabled: boolean;
  transportEnabled: boolean;
  contractorPortalEnabled: boolean;
  contractorId: number | null;
}

export interface TenantContext {
  platform: Platform;
  tenant: Tenant;
  conn: Connection;
  actor: Actor;
  requestId: string;
  lang: Language;
  /** The app's lifecycle hooks (kernel/hooks.ts): what areas above do when an area below calls out. */
  hooks: Hooks;
  /** The caller's address and user agent (server/http/client_info.ts), for the security log. */
  client?: { ip: string | null; userAgent: string | null };
}
