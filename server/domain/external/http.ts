// One call to an external service's HTTP API, as every adapter makes it: through the egress policy (the
// service's host resolved once, checked, connected there: kernel/egress), a time limit, a 429 waited out for
// as long as its Retry-After asks (within a bound), a 5xx or a dropped connection tried again with a growing
// pause, and the answer sorted into what the caller acts on: refused credentials, a refused request (with
// the service's own words), or a service that kept failing. A refused host (egress.refused) is not tried
// again.

import { type Egress, isRefusal } from "../../kernel/egress/egress.ts";

/** How a call to a service ended when it did not succeed. */
export type ServiceFailure = "auth" | "invalid" | "rateLimited" | "failed";

export class ServiceError extends Error {
  constructor(
    readonly failure: ServiceFailure,
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface CallOptions {
  /** Tries in all, for a 429, a 5xx or a network failure. */
  tries?: number;
  /** The longest a Retry-After is waited for; one asking more is a failure at once. */
  maxWaitMs?: number;
  timeoutMs?: number;
  /**
   * A call that must not be made twice (buying a label): only a 429, which the service did not take, is
   * tried again; a dropped connection or a 5xx may have been done, and fails at once.
   */
  once?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Seconds, or an HTTP date, of a Retry-After header, in milliseconds (1 s when it says neither). */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header === null) return 1000;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 2000);
  }
}

/** A request made anew for each try (a signed one carries a nonce that may be used once). */
export type RequestOf = () => { url: string; init: RequestInit };

/** The call's answer when it succeeded (2xx); a ServiceError otherwise. */
export async function callService(
  egress: Egress,
  request: RequestOf | string,
  init: RequestInit = {},
  o: CallOptions = {},
): Promise<Response> {
  const make: RequestOf = typeof request === "string" ? () => ({ url: request, init }) : request;
  const tries = o.tries ?? 4;
  const again = (attempt: number) => !o.once && attempt < tries;
  const maxWait = o.maxWaitMs ?? 30_000;
  let pause = 500;
  for (let attempt = 1;; attempt++) {
    let res: Response;
    try {
      const r = make();
      res = await egress.fetch(r.url, {
        ...r.init,
        redirect: "manual",
        signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
      });
    } catch (err) {
      if (isRefusal(err)) throw err;
      if (!again(attempt)) throw new ServiceError("failed", 0, `unreachable: ${(err as Error).message}`);
      await sleep(pause);
      pause *= 2;
      continue;
    }
    if (res.ok) return res;
    if (res.status === 401 || res.status === 403) {
      throw new ServiceError(
        "auth",
        res.status,
        `refused the credentials (${res.status})`,
        await bodyOf(res),
      );
    }
    if (res.status === 429) {
      const wait = retryAfterMs(res.headers.get("retry-after"));
      const body = await bodyOf(res);
      if (attempt >= tries || wait > maxWait) {
        throw new ServiceError("rateLimited", 429, "rate limit: too many requests", body);
      }
      await sleep(wait);
      continue;
    }
    if (res.status >= 500) {
      const body = await bodyOf(res);
      if (!again(attempt)) throw new ServiceError("failed", res.status, `failed (${res.status})`, body);
      await sleep(pause);
      pause *= 2;
      continue;
    }
    throw new ServiceError("invalid", res.status, `refused the request (${res.status})`, await bodyOf(res));
  }
}
