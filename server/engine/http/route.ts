// Declares and mounts one API route: the access check (before any input is read), input parsing against
// the declared schemas, and the JSON answer. Handlers call a service verb; they never touch the database.
import type { Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { demand } from "../../kernel/access.ts";
import { AppError } from "../../kernel/errors.ts";
import { parseInput } from "../../kernel/validation.ts";
import { JSON_BODY_LIMIT, readJsonBody } from "./body.ts";
import { declare, type RouteSpec, takesIdempotencyKey } from "./openapi.ts";
import { httpParts } from "./parts.ts";
import type { AppContext, Env } from "./types.ts";
import type { Services } from "../../kernel/services.ts";

export interface Input<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export function mount<S extends RouteSpec>(
  app: Hono<Env>,
  platform: Services,
  spec: S,
  handler: (c: AppContext, input: Input<Out<S["body"]>, Out<S["query"]>>) => Promise<unknown> | unknown,
): void {
  declare(spec);
  const { authenticate, idempotent } = httpParts();
  const guards: MiddlewareHandler<Env>[] = [];
  if (spec.access !== "public") {
    guards.push(authenticate(platform, { secondFactorSetup: spec.secondFactorSetup === true }));
  }
  if (spec.access !== "public" && spec.access !== "user") {
    const refusal = spec.refusal ?? "record.notFoundOrNoPermission";
    guards.push(async (c, next) => {
      demand(spec.access, c.get("ctx").actor, refusal);
      await next();
    });
  }
  const on = app.on.bind(app) as unknown as (m: string, p: string, ...h: MiddlewareHandler<Env>[]) => void;
  const keyed = spec.access !== "public" && !spec.answersSecret && takesIdempotencyKey(spec.method);
  on(spec.method.toUpperCase(), spec.path, ...guards, async (c) => {
    let raw: unknown = undefined;
    let body: unknown = undefined;
    if (spec.body) {
      raw = await readJsonBody(
        c.req.raw,
        spec.bodyLimit ?? JSON_BODY_LIMIT,
        platform.config.bodyTimeoutSeconds * 1000,
      );
      body = parseInput(spec.body, raw);
    }
    const query = spec.query ? parseInput(spec.query, c.req.query()) : undefined;
    const answer = async () => {
      const result = await handler(
        c,
        { body, query, params: c.req.param() } as Input<Out<S["body"]>, Out<S["query"]>>,
      );
      if (result instanceof Response) return result;
      if (spec.status === 204) return c.body(null, 204);
      return c.json(result ?? {}, (spec.status ?? 200) as 200);
    };
    // A write may carry an Idempotency-Key (server/http/idempotency.ts, handed in as a part).
    return keyed ? idempotent(c.get("ctx"), c.req.raw, raw, answer) : answer();
  });
}

/**
 * A positive integer path parameter written plainly ("12"), or 404: a malformed id names no record, and
 * "1e3", "0x10", " 1" or "012" are not ids, although Number() would read them.
 */
export function idParam(value: string | undefined): number {
  const n = value !== undefined && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new AppError("record.notFoundOrNoPermission");
  return n;
}
