// fetch() over node:http and node:https, for the egress policy: the request's host is resolved and checked
// once (Egress.resolve) and node's `lookup` hands the socket only those addresses, so the connection goes
// where the check looked while the URL keeps its name (Host header, SNI, the certificate's check). Deno's
// own fetch has no such hook. Redirects are followed (at most five, each hop checked anew) only when asked.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { Buffer } from "node:buffer";
import { AppError } from "../errors.ts";

export type EgressInit = Pick<RequestInit, "method" | "headers" | "body" | "redirect" | "signal">;

const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 30_000;

/** A host resolved and checked: the name (null for an address) and the addresses a socket may go to. */
export interface Destination {
  name: string | null;
  addresses: { address: string; family: 4 | 6 }[];
}

/** What a fetch needs of the egress policy (egress.ts `Egress`): the checked addresses of a name, trusted CAs. */
export interface CheckedResolver {
  resolve(host: string): Promise<Destination>;
  readonly ca?: string[];
}

export async function egressFetch(
  egress: CheckedResolver,
  input: string | URL,
  init: EgressInit,
): Promise<Response> {
  let url = new URL(input);
  let method = (init.method ?? "GET").toUpperCase();
  // The body and headers as fetch would send them (a form's or a text's content type included).
  const made = new Request(url, { method, headers: init.headers, body: init.body });
  const headers = new Headers(made.headers);
  let body: Uint8Array | null = made.body ? new Uint8Array(await made.arrayBuffer()) : null;
  const signal = init.signal ?? AbortSignal.timeout(DEFAULT_TIMEOUT_MS);
  for (let hop = 0;; hop++) {
    const res = await once(egress, url, method, headers, body, signal);
    const location = res.headers.get("location");
    if (res.status < 300 || res.status > 399 || res.status === 304 || location === null) return res;
    if (init.redirect === "manual") return res;
    await res.body?.cancel();
    if (init.redirect === "error") throw new TypeError(`redirected from ${url} and redirects are refused`);
    if (hop >= MAX_REDIRECTS) throw new TypeError(`more than ${MAX_REDIRECTS} redirects from ${input}`);
    url = new URL(location, url);
    // As fetch does: 303, and 301/302 after a POST, become a GET without a body.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = null;
      headers.delete("content-type");
      headers.delete("content-length");
    }
  }
}

async function once(
  egress: CheckedResolver,
  url: URL,
  method: string,
  headers: Headers,
  body: Uint8Array | null,
  signal: AbortSignal,
): Promise<Response> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError("egress.refused", {
      cause: new Error(`${url.protocol} is no HTTP`),
      security: { kind: "egress.refused", detail: `${url.protocol.slice(0, 20)} is no HTTP` },
    });
  }
  signal.throwIfAborted();
  const destination = await egress.resolve(url.hostname);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const outgoing: Record<string, string> = {};
  headers.forEach((v, k) => (outgoing[k] = v));
  // The URL's own authority (an IPv6 address bracketed, a default port left out), as fetch sends it.
  outgoing.host ??= url.host;
  if (body) outgoing["content-length"] = String(body.byteLength);
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return await new Promise<Response>((resolve, reject) => {
    const req = request({
      protocol: url.protocol,
      hostname,
      port: url.port || undefined,
      path: url.pathname + url.search,
      method,
      headers: outgoing,
      agent: false,
      ...(egress.ca ? { ca: egress.ca } : {}),
      ...(destination.name ? { servername: destination.name } : {}),
      // Only the checked addresses: the name is never resolved again.
      lookup: ((_host: string, options: { all?: boolean }, done: (...a: unknown[]) => void) => {
        const all = destination.addresses;
        if (options?.all) done(null, all);
        else done(null, all[0].address, all[0].family);
      }) as never,
    });
    const abort = () => req.destroy(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    req.once("error", (err) => {
      signal.removeEventListener("abort", abort);
      reject(err);
    });
    req.once("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 502;
      const answer = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
        answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
      }
      res.once("end", () => signal.removeEventListener("abort", abort));
      res.once("close", () => signal.removeEventListener("abort", abort));
      const empty = method === "HEAD" || status === 204 || status === 205 || status === 304;
      if (empty) res.resume();
      resolve(
        new Response(empty ? null : Readable.toWeb(res) as ReadableStream<Uint8Array>, {
          status,
          statusText: res.statusMessage,
          headers: answer,
        }),
      );
    });
    req.end(body ? Buffer.from(body) : undefined);
  });
}
