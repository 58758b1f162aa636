// What the app hands the route toolkit at composition (server/app.ts `composeHttp`), so that the toolkit the
// areas declare their routes with imports no area: who the caller is (the access area's tokens, the sharing
// area's API keys), a write kept once by its Idempotency-Key (its table is the idempotency area's), and the
// API keys' terms the OpenAPI document states.
import type { MiddlewareHandler } from "hono";
import type { Services } from "../../kernel/services.ts";
import type { TenantContext } from "../../kernel/context.ts";
import type { Env } from "./types.ts";

export interface HttpParts {
  /** The caller's tenant and actor from its token or API key, before a non-public route runs. */
  authenticate(platform: Services, options: { secondFactorSetup?: boolean }): MiddlewareHandler<Env>;
  /** Answers a write once per Idempotency-Key: a repeat gets the kept answer. */
  idempotent(
    ctx: TenantContext,
    req: Request,
    body: unknown,
    answer: () => Promise<Response>,
  ): Promise<Response>;
  /** Whether an API key may make this call (`GET`, a canonical path). */
  apiKeyMayCall(method: string, path: string): boolean;
  /** An API key's rate: so many calls at once, then so many a second. */
  apiKeyRate: { burst: number; perSecond: number };
}

let parts: HttpParts | undefined;

/** Hands the route toolkit its parts (server/app.ts, before any route is mounted). */
export function composeHttp(given: HttpParts): void {
  parts = given;
}

export function httpParts(): HttpParts {
  if (!parts) throw new Error("composeHttp(...) (server/app.ts) comes before any route is mounted");
  return parts;
}
