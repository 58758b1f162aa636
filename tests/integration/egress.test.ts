// Nothing reaches inside the network (issue 32, item 2), through the real HTTP API: a tenant's
// administrator names a printer, an SMTP account or a shop on loopback, in every notation, or a name that
// resolves there, and the server connects to none of them (422 egress.refused, the same answer whether
// something listens there or not); the operator's SMTP relay, SMS gateway and OpenID provider on loopback
// are refused the same way unless EGRESS_ALLOW names them (the harness allows 127.0.0.1 for the other
// tests' fakes: here nothing but 127.0.0.2, which stands for a public address). Names are answered by a DNS
// server of the test's (EGRESS_DNS), rebinding ones included: a name answering 127.0.0.2 to the check is
// connected to 127.0.0.2, and answering 127.0.0.1 later is refused, never connected.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:net";
import { eq } from "drizzle-orm";
import { controlSystemLog } from "../../server/tenancy/schema.ts";
import { type DnsServer, startDns } from "../fixtures/dns.ts";
import { type SmtpSink, startSmtp } from "../fixtures/smtp.ts";
import { type OidcProvider, startOidcProvider } from "../fixtures/oidc_provider.ts";
import { type FakeShop, makeProducts, startShop } from "../fixtures/woocommerce.ts";
import { type FakeCarrier, startCarrier } from "../fixtures/shipengine.ts";
import { addUser, call, signIn } from "../fixtures/harness.ts";
import { product, startStockWorld, type StockWorld } from "./stock/fixture.ts";

let dns: DnsServer;
let w: StockWorld;
let smtp: SmtpSink;
let provider: OidcProvider;
let shop: FakeShop;
let carrier: FakeCarrier;
let gateway: Deno.HttpServer;
const texts: string[] = [];
/** Listeners on loopback (IPv4 and IPv6) at one port, and how often they were reached. */
const inside: Server[] = [];
let insidePort: number;
let insideConnections = 0;
/** The "public" side of a rebinding name: 127.0.0.2 at the same port. */
let outside: Server;
const outsideJobs: string[] = [];
let thing: number;

function answer(name: string, type: "A" | "AAAA", n: number): string[] | null {
  const v4 = (...a: string[]) => (type === "A" ? a : []);
  if (name.startsWith("rebind")) return v4(n === 0 ? "127.0.0.2" : "127.0.0.1");
  switch (name) {
    case "inside.test":
      return v4("127.0.0.1");
    case "inside6.test":
      return type === "AAAA" ? ["::1"] : [];
    case "public.test":
      return v4("93.184.215.14");
    default:
      return null;
  }
}

beforeAll(async () => {
  dns = await startDns(answer);
  // The "public" side first (its port taken), then loopback's IPv4 and IPv6 at the same port.
  outside = createServer((s) => {
    let got = "";
    s.on("data", (d) => (got += d.toString()));
    s.on("end", () => outsideJobs.push(got));
  });
  await new Promise<void>((r) => outside.listen(0, "127.0.0.2", r));
  insidePort = (outside.address() as { port: number }).port;
  for (const host of ["127.0.0.1", "::1"]) {
    const server = createServer((s) => {
      insideConnections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(insidePort, host, r));
    inside.push(server);
  }
  smtp = await startSmtp();
  provider = await startOidcProvider({ redirectUri: "http://wms.test/signin/oidc" });
  shop = await startShop(makeProducts(3));
  carrier = await startCarrier();
  gateway = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    texts.push(await req.text());
    return Response.json({ id: "1" });
  });
  w = await startStockWorld("egress", {
    // The policy as in production; 127.0.0.2 stands for an address on the internet.
    egressAllow: ["127.0.0.2"],
    egressDns: dns.address,
    smtpUrl: smtp.url,
    smsGatewayUrl: `http://127.0.0.1:${(gateway.addr as Deno.NetAddr).port}/send`,
    oidcIssuer: provider.issuer,
    oidcClientId: provider.clientId,
    oidcClientSecret: provider.clientSecret,
    oidcRedirectUri: "http://wms.test/signin/oidc",
    messageRetryMs: [50],
  });
  thing = await product(w, "EGRESS-1");
}, 60_000);

afterAll(async () => {
  await w?.s.close();
  for (const server of inside) await new Promise((r) => server.close(r));
  await new Promise((r) => outside?.close(r));
  await smtp?.close();
  await provider?.close();
  await shop?.close();
  await carrier?.close();
  await gateway?.shutdown();
  await dns?.close();
});

/** The error without its request id: what a caller can tell apart. */
const seen = (body: { error: Record<string, unknown> }) => ({ ...body.error, requestId: undefined });

let printers = 0;
async function addPrinter(host: string, port: number): Promise<number> {
  const added = await w.api("POST", "/Printer", { name: `P${++printers}`, host, port });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.id;
}

const print = (printerId: number) =>
  w.api("POST", "/Print", { type: "product", items: [{ id: thing, copies: 1 }], printerId });

const printTo = async (host: string, port: number) => print(await addPrinter(host, port));

describe("printers (raw TCP)", () => {
  it.each([
    "127.0.0.1",
    "localhost",
    "LOCALHOST",
    "127.1",
    "2130706433",
    "0x7f000001",
    "0x7f.1",
    "017700000001",
    "0.0.0.0",
    "0",
    "::1",
    "0:0:0:0:0:0:0:1",
    "::ffff:127.0.0.1",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "inside.test",
    "inside6.test",
  ])("refuses %s before connecting", async (host) => {
    const r = await printTo(host, insidePort);
    expect([r.status, r.body.error?.code], host).toEqual([422, "egress.refused"]);
    expect(insideConnections).toBe(0);
  });

  it("refuses the cloud's metadata address and the server's own port", async () => {
    const metadata = await printTo("169.254.169.254", 80);
    expect([metadata.status, metadata.body.error.code]).toEqual([422, "egress.refused"]);
    const own = await printTo("127.0.0.1", Number(new URL(w.s.baseUrl).port));
    expect([own.status, own.body.error.code]).toEqual([422, "egress.refused"]);
  });

  it("answers the same whether something listens there or not: no port scan", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const open = await printTo("127.0.0.1", insidePort);
    const shut = await printTo("127.0.0.1", closedPort);
    expect([open.status, seen(open.body)]).toEqual([shut.status, seen(shut.body)]);
    expect(open.body.error.message).toContain("EGRESS_ALLOW");
    expect(insideConnections).toBe(0);
  });

  it("sends to the address the name had when checked; rebound to 127.0.0.1, refuses", async () => {
    const printer = await addPrinter("rebind-printer.test", insidePort);
    const first = await print(printer);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await expect.poll(() => outsideJobs.some((j) => j.includes("^XZ"))).toBe(true);
    const again = await print(printer);
    expect([again.status, again.body.error?.code]).toEqual([422, "egress.refused"]);
    expect(dns.asked("rebind-printer.test", "A")).toBe(2);
    expect(insideConnections).toBe(0);
  });
});

describe("SMTP accounts", () => {
  it.each(["127.0.0.1", "localhost", "2130706433", "127.1", "inside.test"])(
    "refuses %s: the account's credentials never leave",
    async (host) => {
      const account = await w.api("POST", "/EmailAccount", {
        address: "warehouse@example.com",
        smtpServer: host,
        smtpPort: smtp.port,
        useTls: false,
        login: "warehouse",
        password: "smtp-secret",
      });
      expect(account.status, JSON.stringify(account.body)).toBe(201);
      const sent = await w.api("POST", "/Message/send", {
        channel: "email",
        subject: "Hi",
        body: "Hello",
        to: ["someone@example.com"],
        emailAccountId: account.body.id,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      await expect.poll(async () => (await w.api("GET", `/Message/${sent.body.id}`)).body.status, {
        timeout: 10_000,
      }).toBe("failed");
      const [recipient] = (await w.api("GET", `/Message/${sent.body.id}/recipients`)).body;
      expect(recipient).toMatchObject({ status: "failed", attempts: 1 });
      expect(recipient.error).toContain("EGRESS_ALLOW");
      expect([smtp.connections, smtp.logins]).toEqual([0, []]);
    },
  );
});

describe("external services", () => {
  it.each([
    "http://[::127.0.0.1]",
    "http://[64:ff9b::7f00:1]",
    "http://[::ffff:127.0.0.1]:9",
    "http://[::1]",
    "http://2130706433",
    "http://0x7f.1",
    "http://127.1:9",
    "http://localhost",
    "http://169.254.169.254/latest/meta-data",
    "http://inside.test",
    "http://nothing.test",
    "http://not-a-name.invalid",
  ])("refuses %s when saved", async (baseUrl) => {
    const r = await w.api("POST", "/ExternalCredentials", {
      serviceType: "onlineShop",
      serviceCodeName: "woocommerce",
      baseUrl,
      secret: "cs",
    });
    expect([r.status, r.body.error?.code, r.body.error?.fields], baseUrl).toEqual([422, "egress.refused", {
      baseUrl: ["validation.egressRefused"],
    }]);
  });

  it("refuses a carrier on loopback as it refuses a shop, saved or kept from before", async () => {
    const body = { serviceType: "delivery", serviceCodeName: "shipengine", secret: carrier.apiKey };
    const r = await w.api("POST", "/ExternalCredentials", { ...body, baseUrl: carrier.url });
    expect([r.status, r.body.error?.code]).toEqual([422, "egress.refused"]);
    const kept = await w.api("POST", "/ExternalCredentials", { ...body, baseUrl: "https://93.184.215.14" });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    await w.query("UPDATE external_credentials SET base_url = ? WHERE id = ?", [carrier.url, kept.body.id]);
    const tried = await w.api("POST", `/ExternalCredentials/${kept.body.id}/test`);
    expect([tried.status, tried.body.error?.code]).toEqual([422, "egress.refused"]);
  });

  it("saves a name that resolves to a public address", async () => {
    const r = await w.api("POST", "/ExternalCredentials", {
      serviceType: "onlineShop",
      serviceCodeName: "woocommerce",
      baseUrl: "https://public.test",
      secret: "cs",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });

  it("refuses a shop whose name points inside when it is used, having pointed outside when saved", async () => {
    const port = new URL(shop.url).port;
    const saved = await w.api("POST", "/ExternalCredentials", {
      serviceType: "onlineShop",
      serviceCodeName: "woocommerce",
      baseUrl: `http://rebind-shop.test:${port}`,
      username: shop.keys[0].key,
      secret: shop.keys[0].secret,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const calls = shop.calls.length;
    const tried = await w.api("POST", `/ExternalCredentials/${saved.body.id}/test`);
    expect([tried.status, tried.body.error.code]).toEqual([422, "egress.refused"]);
    expect(shop.calls.length).toBe(calls);
  });
});

describe("the operator's own destinations on loopback, not allowed", () => {
  it("the SMTP relay (SMTP_URL) is not connected: the reset mail fails", async () => {
    const r = await call(
      w.s,
      "GET",
      `/api/Register/send-reset/${encodeURIComponent("admin@egress.example")}`,
    );
    expect([r.status, r.body.error?.code]).toEqual([502, "server.mailFailed"]);
    expect([smtp.connections, smtp.logins]).toEqual([0, []]);
  });

  it("the SMS gateway is not called", async () => {
    const sent = await w.api("POST", "/Message/send", { channel: "sms", body: "x", to: ["+48601234567"] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    await expect.poll(async () => (await w.api("GET", `/Message/${sent.body.id}`)).body.status, {
      timeout: 10_000,
    }).toBe("failed");
    const [recipient] = (await w.api("GET", `/Message/${sent.body.id}/recipients`)).body;
    expect(recipient.error).toContain("EGRESS_ALLOW");
    expect(texts).toEqual([]);
  });

  it("the OpenID provider is not discovered: third-party sign-in stays off, and the log says why", async () => {
    const r = await call(w.s, "GET", "/api/Auth/ThirdParty");
    expect(r.body).toEqual({ enabled: false });
    const [logged] = await w.s.platform.control.db.select().from(controlSystemLog)
      .where(eq(controlSystemLog.requestId, r.headers.get("x-request-id")!));
    expect(logged?.message).toContain("egress.refused");
  });
});

describe("the security event log", () => {
  it("keeps each refusal: the host and why, the caller when a call made it, never the account's credentials", async () => {
    type Event = {
      event: string;
      outcome: string;
      userName: string | null;
      ip: string | null;
      userAgent: string | null;
      requestId: string | null;
      detail: string;
    };
    const refusals = async (): Promise<Event[]> => {
      const filters = JSON.stringify([{ field: "event", operator: "eq", value: "egress.refused" }]);
      return (await w.api(
        "GET",
        `/SecurityLog?PageSize=500&BasicFiltersSerialized=${encodeURIComponent(filters)}`,
      ))
        .body.results;
    };
    // A printer on a link-local address, printed to by an administrator (the call named by its request id).
    // Another administrator than the one above, whose refusals this minute are past the flood limit (counted,
    // not written: the same kind from the same address and user at most 30 times a minute).
    await addUser(w.s, w.admin, { username: "egress-auditor", isSuperUser: true });
    const auditor = (await signIn(w.s, "egress-auditor")).token;
    const printed = await call(w.s, "POST", "/api/Print", {
      token: auditor,
      headers: { "x-request-id": "egress-audit-print", "user-agent": "audit-browser/1.0" },
      body: {
        type: "product",
        items: [{ id: thing, copies: 1 }],
        printerId: await addPrinter("169.254.10.20", 9100),
      },
    });
    expect(printed.body.error.code).toBe("egress.refused");
    // A message through an SMTP account on loopback: refused after the answer, by nobody's call.
    const account = await w.api("POST", "/EmailAccount", {
      address: "audit@example.com",
      smtpServer: "2130706433",
      smtpPort: smtp.port,
      useTls: false,
      login: "audit-login",
      password: "smtp-audit-secret",
    });
    const sent = await w.api("POST", "/Message/send", {
      channel: "email",
      subject: "Audit",
      body: "Hello",
      to: ["someone@example.com"],
      emailAccountId: account.body.id,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);

    await expect.poll(async () =>
      (await refusals()).filter((e) => e.requestId === "egress-audit-print")
        .map((e) => [e.outcome, e.userName, e.ip, e.userAgent, e.detail])
    ).toEqual([[
      "refused",
      "egress-auditor",
      "127.0.0.1",
      "audit-browser/1.0",
      "POST /api/Print: connection to 169.254.10.20 refused: linkLocal",
    ]]);
    await expect.poll(async () =>
      (await refusals()).filter((e) => e.detail.startsWith(`message ${sent.body.id},`))
        .map((e) => [e.outcome, e.userName, e.detail])
    ).toEqual([[
      "refused",
      null,
      `message ${sent.body.id}, e-mail account ${account.body.id}: connection to 2130706433 refused: loopback`,
    ]]);
    // The operator's SMS gateway (refused above): the system log, which is the operator's.
    await expect.poll(async () =>
      (await w.s.platform.control.db.select().from(controlSystemLog)).some((r) =>
        r.source === "security" && r.message.includes("egress.refused") && r.message.includes("SMS gateway")
      )
    ).toBe(true);
    const all = JSON.stringify([
      await refusals(),
      await w.s.platform.control.db.select().from(controlSystemLog),
    ]);
    for (const secret of ["smtp-audit-secret", "smtp-secret", "audit-login"]) {
      expect(all).not.toContain(secret);
    }
  });
});
