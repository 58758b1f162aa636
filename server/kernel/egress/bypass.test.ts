// The class closed: no code of the server opens a connection outside except through the egress policy. A new
// outbound call (a webhook, an attachment fetched by URL) that reaches for fetch(), node:net or a mail
// transport of its own fails here, and is pointed at egressOf(config).fetch / .connect / .smtpSocket.
// (The operator's own cluster, tenants/proxy.ts and server/tenancy/registry.ts, and libSQL's client in server/db
// are outside the policy by design: docs/internals.md, "Outbound connections". So is the print agent,
// server/print_agent/: a program of its own that runs on the warehouse's network to reach its printers, and
// imports nothing of the server.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      const outside = [join("server", "kernel", "egress"), join("server", "print_agent")];
      return outside.includes(path) ? [] : sources(path);
    }
    // The tenant directory asks another instance of the operator's own cluster whether it still holds a tenant.
    if (path === join("server", "tenancy", "registry.ts")) return [];
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

const OPENERS: [string, RegExp][] = [
  ["the global fetch()", /(^|[^.\w])fetch\(/m],
  ["Deno's own sockets or resolver", /Deno\.(connect|connectTls|resolveDns|listenDatagram|startTls)\(/],
  [
    "node's sockets, HTTP clients or resolver",
    /^import (?!type )[^;]*from "node:(net|tls|http|https|http2|dns|dns\/promises|dgram)"/m,
  ],
];

describe("outbound connections", () => {
  const files = sources("server").map((path) => ({ path, text: readFileSync(path, "utf8") }));

  it("are opened nowhere in the server but through the egress policy", () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap(({ path, text }) =>
      OPENERS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${path}: ${what}`)
    );
    expect(found).toEqual([]);
  });

  it("send mail only through the policy's socket (or to no network at all)", () => {
    for (const { path, text } of files) {
      const transports = text.match(/createTransport\(/g)?.length ?? 0;
      const covered = (text.match(/getSocket: /g)?.length ?? 0) +
        (text.match(/streamTransport: true/g)?.length ?? 0);
      expect(covered, path).toBe(transports);
    }
  });

  it("fetch OpenID key sets through the policy", () => {
    for (const { path, text } of files) {
      if (text.includes("createRemoteJWKSet(")) expect(text, path).toContain("[customFetch]:");
    }
  });
});
