// The egress policy on real sockets: a DNS server of the test's (EGRESS_DNS) answers the names, listeners
// on 127.0.0.2 stand for the internet (allowed by the test's EGRESS_ALLOW) and listeners on 127.0.0.1 for
// the inside. A name is resolved once per connection, every address it gives is checked, and the socket
// goes to the checked address: a name answering 127.0.0.2 to one question and 127.0.0.1 to the next
// reaches 127.0.0.2 or nothing, never 127.0.0.1. HTTP keeps the name for Host, SNI and the certificate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server, type Socket } from "node:net";
import { type DnsServer, startDns } from "../../../tests/fixtures/dns.ts";
import { SHOP_TEST_CERT, SHOP_TEST_KEY } from "../../../tests/fixtures/shop_test_tls.ts";
import { AppError } from "../errors.ts";
import { Egress, isRefusal, refusalReason } from "./egress.ts";

let dns: DnsServer;
/** What the inside (127.0.0.1) and the outside (127.0.0.2) listeners were sent. */
const inside: string[] = [];
const outside: string[] = [];
let tcpPort: number;
const tcp: Server[] = [];
let httpPort: number;
const http: Deno.HttpServer[] = [];
let httpsServer: Deno.HttpServer;
let httpsPort: number;

/** A name's addresses: a table, and rebinding names that answer 127.0.0.2 once, then 127.0.0.1. */
function answer(name: string, type: "A" | "AAAA", n: number): string[] | null {
  if (name.startsWith("rebind")) return type === "A" ? [n === 0 ? "127.0.0.2" : "127.0.0.1"] : [];
  const table: Record<string, string[]> = {
    "outside.test": ["127.0.0.2"],
    "shop.test": ["127.0.0.2"],
    "other.test": ["127.0.0.2"],
    "inside.test": ["127.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    // One public address and one inside: refused whole, whichever a connection would try first.
    "mixed.test": ["93.184.215.14", "127.0.0.1"],
    "inside6.test": ["::1"],
    "public6.test": ["2606:4700:4700::1111"],
  };
  const found = table[name];
  if (!found) return null;
  return found.filter((a) => a.includes(":") === (type === "AAAA"));
}

function listen(host: string, port: number, into: string[]): Promise<Server> {
  const server = createServer((socket: Socket) => {
    let got = "";
    socket.on("data", (d) => (got += d.toString()));
    socket.on("end", () => {
      into.push(got);
      socket.end();
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

beforeAll(async () => {
  dns = await startDns(answer);
  const first = await listen("127.0.0.2", 0, outside);
  tcpPort = (first.address() as { port: number }).port;
  tcp.push(first, await listen("127.0.0.1", tcpPort, inside));
  const handler = (into: string[], who: string) => (req: Request) => {
    into.push(`${req.method} ${new URL(req.url).pathname} host=${req.headers.get("host")}`);
    const to = new URL(req.url).searchParams.get("to");
    return to ? new Response(null, { status: 302, headers: { location: to } }) : new Response(who);
  };
  const out = Deno.serve({ hostname: "127.0.0.2", port: 0, onListen: () => {} }, handler(outside, "outside"));
  httpPort = (out.addr as Deno.NetAddr).port;
  http.push(
    out,
    Deno.serve({ hostname: "127.0.0.1", port: httpPort, onListen: () => {} }, handler(inside, "inside")),
  );
  httpsServer = Deno.serve(
    { hostname: "127.0.0.2", port: 0, cert: SHOP_TEST_CERT, key: SHOP_TEST_KEY, onListen: () => {} },
    (req) => new Response(`tls ${req.headers.get("host")}`),
  );
  httpsPort = (httpsServer.addr as Deno.NetAddr).port;
});

afterAll(async () => {
  for (const s of tcp) await new Promise((r) => s.close(r));
  for (const s of http) await s.shutdown();
  await httpsServer?.shutdown();
  await dns?.close();
});

const policy = (o: Partial<ConstructorParameters<typeof Egress>[0]> = {}) =>
  new Egress({ allow: ["127.0.0.2"], dns: dns.address, ...o });

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    if (isRefusal(err)) return refusalReason(err);
    throw err;
  }
  throw new Error("not refused");
}

describe("resolving", () => {
  it("checks every address a name resolves to, through the DNS server it is given", async () => {
    const e = policy();
    expect(await e.resolve("outside.test")).toEqual({
      name: "outside.test",
      addresses: [{ address: "127.0.0.2", family: 4 }],
    });
    expect(await e.resolve("public6.test")).toEqual({
      name: "public6.test",
      addresses: [{ address: "2606:4700:4700::1111", family: 6 }],
    });
    expect(await refusal(e.resolve("inside.test"))).toBe("loopback");
    expect(await refusal(e.resolve("INSIDE.test."))).toBe("loopback");
    expect(await refusal(e.resolve("inside6.test"))).toBe("loopback");
    expect(await refusal(e.resolve("metadata.test"))).toBe("linkLocal");
    expect(await refusal(e.resolve("mixed.test"))).toBe("loopback");
    // A name that does not resolve is refused too, in the same words.
    expect(await refusal(e.resolve("nothing.test"))).toBe("unresolved");
  });

  it("asks once per resolution (A and AAAA), and never for localhost or an address", async () => {
    const e = policy();
    const before = [dns.asked("outside.test", "A"), dns.asked("outside.test", "AAAA")];
    await e.resolve("outside.test");
    expect([dns.asked("outside.test", "A"), dns.asked("outside.test", "AAAA")]).toEqual(
      before.map((n) => n + 1),
    );
    expect(await refusal(e.resolve("localhost"))).toBe("loopback");
    expect(await refusal(e.resolve("db.localhost"))).toBe("loopback");
    expect(dns.asked("localhost", "A") + dns.asked("db.localhost", "A")).toBe(0);
    expect(await refusal(e.resolve("2130706433"))).toBe("loopback");
    expect(dns.asked("2130706433", "A")).toBe(0);
  });

  it("without a DNS server of its own asks the system's resolver (hosts file)", async () => {
    expect(await refusal(new Egress().resolve("localhost"))).toBe("loopback");
    // Allowed by name, localhost resolves as the system says: to a loopback address.
    const resolved = await new Egress({ allow: ["localhost"] }).resolve("localhost");
    expect(resolved.addresses.length).toBeGreaterThan(0);
    for (const a of resolved.addresses) expect(a.address === "127.0.0.1" || a.address === "::1").toBe(true);
  });

  it("allows what the operator names, and everything with EXTERNAL_PRIVATE_HOSTS=allow", async () => {
    expect((await policy({ allow: ["inside.test"] }).resolve("inside.test")).addresses)
      .toEqual([{ address: "127.0.0.1", family: 4 }]);
    expect((await policy({ allow: ["127.0.0.0/8"] }).resolve("inside.test")).addresses)
      .toEqual([{ address: "127.0.0.1", family: 4 }]);
    expect((await policy({ allowAll: true }).resolve("0x7f.1")).addresses)
      .toEqual([{ address: "127.0.0.1", family: 4 }]);
    expect(await refusal(policy({ allow: ["127.0.0.2"] }).resolve("inside.test"))).toBe("loopback");
    expect(() => new Egress({ dns: "not an address" })).toThrow(/EGRESS_DNS/);
  });
});

describe("connecting where the check looked (DNS rebinding)", () => {
  it("raw TCP: the first answer (allowed) is where the job goes; the next (127.0.0.1) is refused", async () => {
    const e = policy();
    const socket = await e.connect("rebind-tcp.test", tcpPort, 5000);
    await new Promise<void>((r) => socket.end("^XA^FDjob^XZ", () => r()));
    await expect.poll(() => outside.includes("^XA^FDjob^XZ")).toBe(true);
    expect(dns.asked("rebind-tcp.test", "A")).toBe(1);
    expect(await refusal(e.connect("rebind-tcp.test", tcpPort, 5000))).toBe("loopback");
    expect(inside).toEqual([]);
  });

  it("HTTP: the request goes to the checked address with the name as its Host; rebound, refused", async () => {
    const e = policy();
    const res = await e.fetch(`http://rebind-http.test:${httpPort}/api/v1?x=1`);
    expect([res.status, await res.text()]).toEqual([200, "outside"]);
    expect(outside).toContain(`GET /api/v1 host=rebind-http.test:${httpPort}`);
    expect(dns.asked("rebind-http.test", "A")).toBe(1);
    expect(await refusal(e.fetch(`http://rebind-http.test:${httpPort}/again`))).toBe("loopback");
    expect(inside).toEqual([]);
  });

  it("HTTP: a redirect into the inside is refused when followed, and handed back when not", async () => {
    const e = policy();
    const to = `http://127.0.0.1:${httpPort}/inside`;
    const url = `http://outside.test:${httpPort}/go?to=${encodeURIComponent(to)}`;
    expect(await refusal(e.fetch(url))).toBe("loopback");
    const manual = await e.fetch(url, { redirect: "manual" });
    expect([manual.status, manual.headers.get("location")]).toEqual([302, to]);
    await manual.body?.cancel();
    await expect(e.fetch(url, { redirect: "error" })).rejects.toThrow(TypeError);
    const inner = await e.fetch(`http://outside.test:${httpPort}/go?to=${encodeURIComponent("/next")}`);
    expect(await inner.text()).toBe("outside");
    expect(inside).toEqual([]);
  });

  it("HTTPS: SNI and the certificate are checked against the name, not the address", async () => {
    const e = policy({ ca: [SHOP_TEST_CERT] });
    const res = await e.fetch(`https://shop.test:${httpsPort}/`);
    expect([res.status, await res.text()]).toEqual([200, `tls shop.test:${httpsPort}`]);
    // The same address under another name: the certificate does not name it.
    await expect(e.fetch(`https://other.test:${httpsPort}/`)).rejects.toThrow(/other\.test/);
    // And no authority of the test's: the certificate is not trusted at all.
    await expect(policy().fetch(`https://shop.test:${httpsPort}/`)).rejects.toThrow(/certificate/);
  });

  it("sends a body and its type as fetch would, and stops at the caller's signal", async () => {
    const seen: string[] = [];
    const release = Promise.withResolvers<void>();
    const echo = Deno.serve({ hostname: "127.0.0.2", port: 0, onListen: () => {} }, async (req) => {
      seen.push(`${req.headers.get("content-type")} ${await req.text()}`);
      if (req.url.endsWith("/slow")) await release.promise;
      return new Response(null, { status: 204 });
    });
    try {
      const port = (echo.addr as Deno.NetAddr).port;
      const e = policy();
      const res = await e.fetch(`http://outside.test:${port}/form`, {
        method: "POST",
        body: new URLSearchParams({ a: "1", b: "ż" }),
      });
      expect([res.status, res.body]).toEqual([204, null]);
      expect(seen).toEqual(["application/x-www-form-urlencoded;charset=UTF-8 a=1&b=%C5%BC"]);
      await expect(e.fetch(`http://outside.test:${port}/slow`, { signal: AbortSignal.timeout(200) }))
        .rejects.toThrow(/timeout/i);
    } finally {
      release.resolve();
      await echo.shutdown();
    }
  });

  it("refuses anything but http and https", async () => {
    await expect(policy().fetch("ftp://outside.test/file")).rejects.toBeInstanceOf(AppError);
  });
});
