// API keys (api-contract.md, Shared access and API keys; decision 0010): an `api` access's token sent as
// `X-Api-Key` on a GET of Product, WmsInventory, WmsOrder, WmsDocument or contractororders/orders reads as
// a contractor user of its contractor would; any other call answers 403. Each key is rate limited (a token
// bucket per access, on the thread that owns its tenant: 429 with Retry-After), and every call is written to
// the access's log (shared_access_uses) within a fifth of a second, off the call's path (decision 0023). The
// key finds its tenant through the control database; both the tenant and the access are remembered.
import type { Connection } from "../../db/connection.ts";
import type { Actor } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { stateOf } from "./entity.ts";
import { accessOfHash, contractorActor, keyHash, takeRequest } from "./keys.ts";
import type { ApiKeyMemory } from "../../kernel/services.ts";

export { tenantOfKey } from "./keys.ts";

/** The calls an API key may make: GETs under these paths (after /api); not the company's price list. */
const READABLE =
  /^\/(Product(?!\/PriceList)|WmsInventory|WmsOrder|WmsDocument|contractororders\/orders)(\/|$)/;

export function apiKeyMayCall(method: string, path: string): boolean {
  return method === "GET" && READABLE.test(path);
}

/**
 * The actor of an API key on its tenant's connection: the access must be an `api` one and active (else 410
 * sharedAccess.ended), within its rate (else 429); the call is logged and the activation kept.
 */
export async function apiKeyActor(
  conn: Connection,
  tenant: Tenant,
  key: string,
  call: { method: string; path: string; ip: string | null },
  keys: ApiKeyMemory,
): Promise<Actor> {
  const now = nowIso();
  const row = await accessOfHash(keys, conn, keyHash(key));
  if (!row || row.contentType !== "api" || stateOf(row, now) !== "active") {
    throw new AppError("sharedAccess.ended");
  }
  takeRequest(tenant, row.id);
  keys.add(tenant, { accessId: row.id, at: now, ...call });
  return contractorActor(tenant.id, row.id, row.contractorId);
}
