// The one API client: bearer token and request id on every call, the error envelope turned into
// ApiError, one token refresh with GET Auth and a retry when the token expired, sign-out when the
// refresh itself is refused, the loading counter always released, the top warning when the server
// cannot be reached at all, and the client-version handshake (this page's build out, the served one in).
import { decodeJwt } from "jose";
import { authAtom, langAtom, offlineAtom, pendingAtom, store, type TokenData } from "./state.ts";
import { signOut } from "./session.ts";
import { CLIENT_BUILD, noteServedBuild } from "./app_version.ts";
import { noteRefused, type WriteCause, writeRefusal, writeStarted } from "./intent.ts";
import { translator } from "../shared/i18n/mod.ts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
    readonly issues: unknown[] = [],
    readonly requestId?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/** The ids of this page's last 50 requests: real-time events caused by them are not echoed back. */
export const recentRequestIds: string[] = [];

function rememberRequestId(id: string): void {
  recentRequestIds.push(id);
  if (recentRequestIds.length > 50) recentRequestIds.shift();
}

/** The renewal on its way, and the sign-in (its session) it renews. */
let refreshing: { sid: string | null; promise: Promise<TokenData | null> } | null = null;

/**
 * One refresh at a time: concurrent calls that all saw an expired token share it. A call made with a
 * sign-in the page no longer has (signed out, or signed in anew, meanwhile) renews nothing: it is not
 * repeated with someone else's token.
 */
function refreshToken(of: TokenData): Promise<TokenData | null> {
  const auth = signInOf(of);
  if (!auth) return Promise.resolve(null);
  const sid = sidOf(auth);
  if (refreshing && refreshing.sid === sid) return refreshing.promise;
  const promise: Promise<TokenData | null> = (async () => {
    let res: Response;
    try {
      res = await send("GET", "/Auth", undefined, auth.refreshToken);
    } catch (err) {
      // The server not reached, and the sign-in ended meanwhile: its ending (endOnServer) waited for this.
      if (!signInOf(auth)) endNow(auth);
      throw err;
    }
    if (!res.ok) return null;
    const renewed = await res.json() as TokenData;
    // Signed out (or signed in anew) while the renewal was on its way: the page's sign-in is no longer the
    // one renewed. Storing it would sign the page back in; the server ends it instead.
    const current = signInOf(auth);
    if (!current) {
      endNow(renewed);
      return null;
    }
    // The refresh does not say whether a second factor is still owed; a refused call says it again.
    const data = { ...renewed, secondFactorSetupRequired: current.secondFactorSetupRequired };
    store.set(authAtom, data);
    return data;
  })().finally(() => {
    if (refreshing?.promise === promise) refreshing = null;
  });
  refreshing = { sid, promise };
  return promise;
}

/**
 * A renewal was refused: the page signs out, remembering where it was, unless the sign-in the call was made
 * with is already gone (the user signed out, or someone signed in anew, while the call was on its way).
 */
function endIfStill(auth: TokenData): void {
  if (signInOf(auth)) signOut(true);
}

/** The page's sign-in as it is now, if it is still the sign-in of `auth` (renewed since or not). */
function signInOf(auth: TokenData): TokenData | null {
  const now = store.get(authAtom);
  return now && sameSignIn(now, auth) ? now : null;
}

/** The session a token belongs to (`sid`): it stays through every renewal, whose refresh tokens rotate. */
function sidOf(auth: TokenData): string | null {
  try {
    const { sid } = decodeJwt(auth.token);
    return typeof sid === "string" ? sid : null;
  } catch {
    return null;
  }
}

/** Two tokens of one sign-in. */
function sameSignIn(a: TokenData, b: TokenData): boolean {
  if (a.token === b.token) return true;
  const sid = sidOf(a);
  return sid !== null && sid === sidOf(b);
}

/** What a call may add: the key of an idempotent write, and no offline warning (the caller queues). */
export interface CallOptions {
  idempotencyKey?: string;
  /** A failure to reach the server is the caller's to handle (the terminal's queue): no top warning. */
  quiet?: boolean;
  /** A write that is not a person's edit of this moment but may go (client/intent.ts). */
  cause?: WriteCause;
}

/**
 * A write no person made is refused before it leaves (client/intent.ts); the end of an allowed write's
 * run is returned, to be called when it is answered.
 */
function allowWrite(method: string, path: string, cause?: WriteCause): () => void {
  const verb = method.toUpperCase();
  const reason = writeRefusal(verb, store.get(authAtom) !== null, cause);
  if (reason) {
    noteRefused(method, path, reason);
    throw new ApiError(0, "edit.notByPerson", translator(store.get(langAtom)).t("edit.notByPerson"));
  }
  return writeStarted(verb, cause);
}

async function send(
  method: string,
  path: string,
  body: unknown | FormData,
  token: string | undefined,
  options: CallOptions = {},
): Promise<Response> {
  const requestId = crypto.randomUUID();
  rememberRequestId(requestId);
  const headers: Record<string, string> = {
    "X-Request-Id": requestId,
    "Accept-Language": store.get(langAtom),
    "X-Client-Version": CLIENT_BUILD,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const form = body instanceof FormData;
  // A form's Content-Type (multipart, with its boundary) is the browser's to set.
  if (body !== undefined && !form) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
  } catch (err) {
    // No response at all: the persistent warning, until the user refreshes or cancels it.
    if (!options.quiet) store.set(offlineAtom, true);
    throw new ApiError(0, "network", err instanceof Error ? err.message : String(err));
  }
  noteServedBuild(res.headers.get("X-App-Version"));
  return res;
}

async function toError(res: Response): Promise<ApiError> {
  try {
    const { error } = await res.json();
    return new ApiError(
      res.status,
      error.code,
      error.message,
      error.fields,
      error.issues,
      error.requestId,
      error.params,
    );
  } catch {
    return new ApiError(res.status, "server.unknown", res.statusText);
  }
}

export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<T> {
  const ended = allowWrite(method, path, options.cause);
  store.set(pendingAtom, (n) => n + 1);
  try {
    const isAuthCall = /^\/auth(\/|$)/i.test(path);
    const auth = store.get(authAtom);
    let res = await send(method, path, body, auth?.token, options);
    if (res.status === 401 && !isAuthCall && auth) {
      const renewed = await refreshToken(auth);
      if (!renewed) {
        endIfStill(auth);
        throw await toError(res);
      }
      res = await send(method, path, body, renewed.token, options);
      if (res.status === 401) endIfStill(renewed);
    }
    if (!res.ok) throw owed(await toError(res));
    if (res.status === 204) return undefined as T;
    return await res.json() as T;
  } finally {
    ended();
    store.set(pendingAtom, (n) => Math.max(0, n - 1));
  }
}

/**
 * A call refused because the company requires a second factor the user has not set up: the page shows the
 * setup screen from now on (app.tsx), whatever it was showing (the setting may be switched on meanwhile).
 */
function owed(err: ApiError): ApiError {
  const auth = store.get(authAtom);
  if (err.code === "auth.secondFactorSetupRequired" && auth && !auth.secondFactorSetupRequired) {
    store.set(authAtom, { ...auth, secondFactorSetupRequired: true });
  }
  return err;
}

/** A call whose answer is bytes (an attachment, a printout), with the same sign-in renewal as `api`. */
export async function apiBlob(path: string, method = "GET", body?: unknown): Promise<Blob> {
  const ended = allowWrite(method, path);
  store.set(pendingAtom, (n) => n + 1);
  try {
    const auth = store.get(authAtom);
    let res = await send(method, path, body, auth?.token);
    if (res.status === 401 && auth) {
      const renewed = await refreshToken(auth);
      if (!renewed) {
        endIfStill(auth);
        throw await toError(res);
      }
      res = await send(method, path, body, renewed.token);
    }
    if (!res.ok) throw owed(await toError(res));
    return await res.blob();
  } finally {
    ended();
    store.set(pendingAtom, (n) => Math.max(0, n - 1));
  }
}

/**
 * The user signs out: the page forgets the sign-in at once, and the server ends it too (its refresh token
 * stops working), renewing an expired access token once to say so.
 */
export function endSignIn(): void {
  const auth = store.get(authAtom);
  signOut(false);
  if (auth) endOnServer(auth);
}

/**
 * Ends a sign-in on the server, in the background: its refresh token stops working. An expired access
 * token is renewed once to say so.
 */
export function endOnServer(auth: TokenData): void {
  // A renewal of this sign-in is on its way and has spent its refresh token: presenting that token again
  // would read as a stolen copy (the server ends the sign-in and logs the reuse). The renewal ends the
  // sign-in itself when it answers (refreshToken), as it finds the page's sign-in gone.
  const sid = sidOf(auth);
  if (refreshing && sid !== null && refreshing.sid === sid) return;
  endNow(auth);
}

function endNow(auth: TokenData): void {
  void (async () => {
    if ((await send("DELETE", "/Auth", undefined, auth.token)).status !== 401) return;
    const renewed = await send("GET", "/Auth", undefined, auth.refreshToken);
    if (renewed.ok) await send("DELETE", "/Auth", undefined, ((await renewed.json()) as TokenData).token);
  })().catch(() => {/* unreachable server: send() has raised the warning; the refresh token runs out */});
}
