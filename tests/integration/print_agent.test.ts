// The print agent (issue 32, item 2): a warehouse's printers on its own network are reached through an
// agent that connects out to the server, never by the server itself. On the server as `npm start` runs it (a
// front holding the sockets, two shards owning the two tenants), the real agent program with a fake printer
// on loopback (a TCP listener) prints a label made on the server; a job made while no agent is connected
// waits and prints when the agent (started as its own process) connects; a printer refusing the connection
// fails the job with the reason; a withdrawn or replaced key is refused; another tenant's agent never gets
// this tenant's jobs; and the key opens no API call.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:net";
import { Buffer } from "node:buffer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShardedServer, until } from "../fixtures/harness.ts";
import { product, startShardedStockWorld, type StockWorld, worldOn } from "./stock/fixture.ts";
import { type AgentEvent, type AgentHandle, startAgent } from "../../server/print_agent/agent.ts";
import {
  CLOSE_KEY_REFUSED,
  CLOSE_PROTOCOL,
  PRINT_AGENT_PATH,
  PROTOCOL_VERSION,
} from "../../server/print_agent/protocol.ts";
import { shardOf } from "../../server/cluster/placement.ts";
import { controlSystemLog } from "../../server/tenancy/schema.ts";

let one: StockWorld<ShardedServer>;
let two: StockWorld<ShardedServer>;
const printers: Server[] = [];
const agents: AgentHandle[] = [];

beforeAll(async () => {
  one = await startShardedStockWorld("agent-one");
  two = await worldOn(one.s, "agent-two");
}, 60_000);
afterAll(async () => {
  for (const a of agents) await a.stop();
  for (const p of printers) p.close();
  await one?.s.close();
});

/** A label printer on loopback: everything each connection sends, in order. */
async function fakePrinter() {
  const received: Buffer[] = [];
  const server = createServer((socket) => socket.on("data", (d) => received.push(Buffer.from(d))));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  printers.push(server);
  return { port: (server.address() as { port: number }).port, bytes: () => Buffer.concat(received) };
}

/** A port nothing listens on: a printer that is off. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function site(w: StockWorld<ShardedServer>, name: string): Promise<{ id: number; key: string }> {
  const made = await w.api("POST", "/PrintSite", { name });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const key = await w.api("POST", `/PrintSite/${made.body.id}/agentKey`);
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  return { id: made.body.id, key: key.body.key };
}

async function printer(w: StockWorld<ShardedServer>, name: string, port: number, siteId: number | null) {
  const r = await w.api("POST", "/Printer", { name, host: "127.0.0.1", port, dpi: 203, siteId });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

/** The real agent, in this process; its events kept. */
function agent(key: string, extra: Partial<Parameters<typeof startAgent>[0]> = {}) {
  const events: AgentEvent[] = [];
  const handle = startAgent({
    server: one.s.baseUrl,
    key,
    name: "dock-pc",
    backoffMs: { first: 50, last: 400 },
    log: () => {},
    onEvent: (e) => events.push(e),
    ...extra,
  });
  agents.push(handle);
  return { handle, events, connected: () => until(() => Promise.resolve(handle.connected)) };
}

const jobOf = async (w: StockWorld<ShardedServer>, id: number) =>
  (await w.api("GET", `/PrintJob/${id}`)).body;

async function printLabel(w: StockWorld<ShardedServer>, productId: number, printerId: number) {
  const r = await w.api("POST", "/Print", { type: "product", items: [{ id: productId }], printerId });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { printer: string; labels: number; bytes: number; job: { id: number; state: string } };
}

/** A raw socket's hello with `key`: answers the close code (or "welcome" if it was let in). */
function helloWith(key: string, name = "probe"): Promise<number | "welcome"> {
  return new Promise((resolve) => {
    const ws = new WebSocket(one.s.baseUrl.replace(/^http/, "ws") + PRINT_AGENT_PATH);
    ws.onopen = () =>
      ws.send(JSON.stringify({
        type: "hello",
        protocol: PROTOCOL_VERSION,
        key,
        agent: { name, version: "0", os: "linux" },
      }));
    ws.onmessage = (e) => {
      if (JSON.parse(String(e.data)).type === "welcome") {
        ws.close();
        resolve("welcome");
      }
    };
    ws.onclose = (e) => resolve(e.code);
  });
}

describe("print agent", () => {
  it("lives with tenants on both shards", () => {
    expect(new Set([one.tenant.id, two.tenant.id].map((id) => shardOf(id, 2)))).toEqual(new Set([0, 1]));
  });

  it("prints a label made on the server on the agent's printer: the ZPL arrives, the job becomes printed", async () => {
    const dock = await site(one, "Dock hall");
    // The key is shown once; only its SHA-256 is kept, and the site never answers it again.
    const [row] = await one.query("SELECT * FROM print_sites WHERE id = ?", [dock.id]);
    expect(row.agent_key_hash).toBe(createHash("sha256").update(dock.key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(dock.key.split(".")[2]);
    expect(JSON.stringify((await one.api("GET", `/PrintSite/${dock.id}`)).body)).not.toContain(dock.key);

    const zebra = await fakePrinter();
    const printerId = await printer(one, "Dock Zebra", zebra.port, dock.id);
    const tea = await product(one, "PA-TEA", { name: "Green tea", barcodes: ["5901234123457"] });
    // What the printer must receive: the label as ZPL at its resolution (the file the same call answers).
    const file = await fetch(`${one.s.baseUrl}/api/Print`, {
      method: "POST",
      headers: { authorization: `Bearer ${one.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ type: "product", items: [{ id: tea }], format: "zpl" }),
    });
    const expected = Buffer.from(await file.arrayBuffer());
    expect(expected.toString("utf8")).toContain("^XA");

    const a = agent(dock.key);
    await a.connected();
    await expect.poll(async () => (await one.api("GET", `/PrintSite/${dock.id}`)).body)
      .toMatchObject({ agentState: "online", agentName: "dock-pc" });

    const sent = await printLabel(one, tea, printerId);
    expect(sent).toMatchObject({ printer: "Dock Zebra", labels: 1, job: { state: "queued" } });
    await expect.poll(() => zebra.bytes().equals(expected), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await jobOf(one, sent.job.id)).state, { timeout: 15_000 }).toBe("printed");
    const job = await jobOf(one, sent.job.id);
    expect(job).toMatchObject({ printerName: "Dock Zebra", kind: "zpl", type: "product", labels: 1 });
    expect(job.bytes).toBe(expected.length);
    // The bytes are dropped once the job is finished.
    expect(await one.query("SELECT * FROM print_job_data WHERE job_id = ?", [sent.job.id])).toEqual([]);
    await a.handle.stop();
  });

  it("keeps a job made while no agent is connected, and prints it when the agent program connects", async () => {
    const hall = await site(one, "Cold hall");
    const zebra = await fakePrinter();
    const printerId = await printer(one, "Cold Zebra", zebra.port, hall.id);
    const rice = await product(one, "PA-RICE", { name: "Rice" });
    const sent = await printLabel(one, rice, printerId);
    expect(sent.job.state).toBe("queued");
    expect((await one.api("GET", `/PrintSite/${hall.id}`)).body.agentState).toBe("offline");
    expect((await jobOf(one, sent.job.id)).state).toBe("queued");
    expect(zebra.bytes().length).toBe(0);

    // The agent as the warehouse runs it: its own process, configured by the environment.
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--no-config",
        "--allow-net",
        "--allow-env",
        "--allow-read",
        "--allow-write",
        "--allow-run",
        "--allow-sys=hostname",
        "server/print_agent/main.ts",
      ],
      env: {
        PRINT_AGENT_SERVER: one.s.baseUrl,
        PRINT_AGENT_KEY: hall.key,
        PRINT_AGENT_NAME: "cold-pc",
        PRINT_AGENT_PRINTERS: JSON.stringify({ "Cold Zebra": `127.0.0.1:${zebra.port}` }),
      },
      stdout: "null",
      stderr: "null",
    }).spawn();
    try {
      await expect.poll(async () => (await jobOf(one, sent.job.id)).state, { timeout: 30_000 }).toBe(
        "printed",
      );
      expect(zebra.bytes().toString("utf8")).toContain("PA-RICE");
      expect((await one.api("GET", `/PrintSite/${hall.id}`)).body).toMatchObject({
        agentState: "online",
        agentName: "cold-pc",
      });
      expect((await jobOf(one, sent.job.id)).attempts).toBe(1);
    } finally {
      child.kill("SIGTERM");
      await child.status;
    }
    // Its socket closed: the site shows its agent offline.
    await expect.poll(async () => (await one.api("GET", `/PrintSite/${hall.id}`)).body.agentState).toBe(
      "offline",
    );
  });

  it("sends a PDF printer's job to the print queue command of the agent's computer", async () => {
    const office = await site(one, "Back office");
    const r = await one.api("POST", "/Printer", {
      name: "Office laser",
      host: "127.0.0.1",
      language: "pdf",
      siteId: office.id,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const out = await Deno.makeTempDir();
    // The queue's command as the agent runs it: the PDF it is handed, copied where the test reads it.
    const a = agent(office.key, { pdfCommand: ["cp", "{file}", `${out}/{printer}printed.pdf`] });
    await a.connected();
    const sent = await printLabel(one, await product(one, "PA-PDF"), r.body.id);
    await expect.poll(async () => (await jobOf(one, sent.job.id)).state, { timeout: 15_000 }).toBe("printed");
    const pdf = await Deno.readFile(`${out}/printed.pdf`);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    expect(await jobOf(one, sent.job.id)).toMatchObject({ kind: "pdf", bytes: pdf.length });
    await a.handle.stop();
    await Deno.remove(out, { recursive: true });
  });

  it("fails a job whose printer refuses the connection, with the reason", async () => {
    const yard = await site(one, "Yard");
    const printerId = await printer(one, "Yard Zebra", await deadPort(), yard.id);
    const thing = await product(one, "PA-YARD");
    const a = agent(yard.key);
    await a.connected();
    const sent = await printLabel(one, thing, printerId);
    await expect.poll(async () => (await jobOf(one, sent.job.id)).state, { timeout: 15_000 }).toBe("failed");
    const job = await jobOf(one, sent.job.id);
    expect(job.failureReason).toBe("connectionRefused");
    expect(job.failureDetail).toBeTruthy();
    expect(a.events).toContainEqual(expect.objectContaining({ type: "failed", id: sent.job.id }));
    await a.handle.stop();
  });

  it("disconnects the agent of a withdrawn key and refuses the key from then on; a new key replaces the old", async () => {
    const dock = await site(one, "Returns");
    const zebra = await fakePrinter();
    const printerId = await printer(one, "Returns Zebra", zebra.port, dock.id);
    const a = agent(dock.key);
    await a.connected();
    const withdrawn = await one.api("POST", `/PrintSite/${dock.id}/agentKey/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.agentState).toBe("noKey");
    await until(() =>
      Promise.resolve(a.events.some((e) => e.type === "disconnected" && e.code === CLOSE_KEY_REFUSED))
    );
    expect(await helloWith(dock.key)).toBe(CLOSE_KEY_REFUSED);
    // A job made now waits: no agent of the site may take it.
    const sent = await printLabel(one, await product(one, "PA-RET"), printerId);
    expect((await jobOf(one, sent.job.id)).state).toBe("queued");
    expect(a.handle.connected).toBe(false);
    await a.handle.stop();

    // A new key: the old one stays refused, the new one's agent prints the waiting job.
    const renewed = await one.api("POST", `/PrintSite/${dock.id}/agentKey`);
    expect(renewed.body.key).not.toBe(dock.key);
    expect(await helloWith(dock.key)).toBe(CLOSE_KEY_REFUSED);
    const b = agent(renewed.body.key);
    await expect.poll(async () => (await jobOf(one, sent.job.id)).state, { timeout: 15_000 }).toBe("printed");
    expect(zebra.bytes().toString("utf8")).toContain("PA-RET");
    await b.handle.stop();
  });

  it("never hands a tenant's jobs to another tenant's agent", async () => {
    const mine = await site(one, "Shared building");
    const theirs = await site(two, "Shared building");
    const myPrinter = await fakePrinter();
    const theirPrinter = await fakePrinter();
    const myPrinterId = await printer(one, "Building Zebra", myPrinter.port, mine.id);
    await printer(two, "Building Zebra", theirPrinter.port, theirs.id);
    const other = agent(theirs.key);
    await other.connected();

    // A job of tenant one made while its own agent is away: tenant two's agent (connected) never gets it.
    const sent = await printLabel(one, await product(one, "PA-MINE"), myPrinterId);
    // An agent of tenant two (another site's: the connected one keeps its own) says it printed that job's
    // id: nothing changes for tenant one.
    const forger = await site(two, "Forger's shed");
    const forged = new WebSocket(one.s.baseUrl.replace(/^http/, "ws") + PRINT_AGENT_PATH);
    const acked = new Promise<void>((resolve, reject) => {
      forged.onopen = () =>
        forged.send(JSON.stringify({
          type: "hello",
          protocol: PROTOCOL_VERSION,
          key: forger.key,
          agent: { name: "forger", version: "0", os: "linux" },
        }));
      forged.onmessage = (e) => {
        const m = JSON.parse(String(e.data));
        if (m.type === "welcome") forged.send(JSON.stringify({ type: "result", id: sent.job.id, ok: true }));
        if (m.type === "ack" && m.id === sent.job.id) resolve();
      };
      forged.onclose = (e) => reject(new Error(`closed ${e.code}`));
    });
    await acked;
    forged.onclose = null;
    forged.close();
    expect((await jobOf(one, sent.job.id)).state).toBe("queued");
    // Tenant one's key with the tenant's id swapped for another's is no key.
    const [, , secret] = mine.key.split(".");
    expect(await helloWith(`wpa.${two.tenant.id}.${secret}`)).toBe(CLOSE_KEY_REFUSED);
    // Tenant two cannot read tenant one's job either.
    expect((await two.api("GET", `/PrintJob/${sent.job.id}`)).status).toBe(404);

    const mineAgent = agent(mine.key);
    await expect.poll(async () => (await jobOf(one, sent.job.id)).state, { timeout: 15_000 }).toBe("printed");
    expect(myPrinter.bytes().toString("utf8")).toContain("PA-MINE");
    expect(theirPrinter.bytes().length).toBe(0);
    expect(other.events.filter((e) => e.type === "printed" || e.type === "failed")).toEqual([]);
    await mineAgent.handle.stop();
    await other.handle.stop();
  });

  it("keeps its keys made, replaced and withdrawn, keys refused and a report on another site's job in the security log, never a key", async () => {
    type Event = {
      event: string;
      outcome: string;
      userName: string | null;
      ip: string | null;
      userAgent: string | null;
      detail: string;
    };
    const events = async (kind: string): Promise<Event[]> =>
      (await one.api(
        "GET",
        `/SecurityLog?PageSize=100&BasicFiltersSerialized=${
          encodeURIComponent(JSON.stringify([{ field: "event", operator: "eq", value: kind }]))
        }`,
      )).body.results;
    const bay = await site(one, "Audit bay");
    const renewed = (await one.api("POST", `/PrintSite/${bay.id}/agentKey`)).body.key as string;
    // The key replaced: an agent still holding it is refused at its hello.
    expect(await helloWith(bay.key, "audit-probe")).toBe(CLOSE_KEY_REFUSED);
    // A job of another site of the tenant, which no agent holds; the bay's agent says it printed it.
    const yard = await site(one, "Audit yard");
    const yardPrinter = await printer(one, "Audit yard Zebra", (await fakePrinter()).port, yard.id);
    const sent = await printLabel(one, await product(one, "PA-AUDIT"), yardPrinter);
    const ws = new WebSocket(one.s.baseUrl.replace(/^http/, "ws") + PRINT_AGENT_PATH);
    await new Promise<void>((resolve, reject) => {
      ws.onopen = () =>
        ws.send(JSON.stringify({
          type: "hello",
          protocol: PROTOCOL_VERSION,
          key: renewed,
          agent: { name: "audit-pc", version: "1.0", os: "linux" },
        }));
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data));
        if (m.type === "welcome") ws.send(JSON.stringify({ type: "result", id: sent.job.id, ok: true }));
        if (m.type === "ack" && m.id === sent.job.id) resolve();
      };
      ws.onclose = (e) => reject(new Error(`closed ${e.code}`));
    });
    ws.onclose = null;
    ws.close();
    expect((await jobOf(one, sent.job.id)).state).toBe("queued");
    expect((await one.api("POST", `/PrintSite/${bay.id}/agentKey/withdraw`)).status).toBe(200);
    // A key naming a tenant that does not exist: the control database's system log.
    const [, , secret] = renewed.split(".");
    expect(await helloWith(`wpa.999999.${secret}`, "audit-stranger")).toBe(CLOSE_KEY_REFUSED);

    await expect.poll(async () =>
      (await events("printAgent.keyMade")).filter((e) => e.detail.includes(`site ${bay.id} `))
        .map((e) => [e.outcome, e.userName, e.detail]).sort()
    ).toEqual([
      ["changed", "agent-one-admin", `site ${bay.id} (Audit bay)`],
      ["changed", "agent-one-admin", `site ${bay.id} (Audit bay): its key replaced`],
    ]);
    await expect.poll(async () => (await events("printAgent.keyWithdrawn")).map((e) => e.detail))
      .toContain(`site ${bay.id} (Audit bay)`);
    await expect.poll(async () =>
      (await events("printAgent.keyRefused")).filter((e) => e.userAgent === "audit-probe 0 (linux)")
        .map((e) => [e.outcome, e.userName, e.ip, e.detail])
    ).toEqual([[
      "refused",
      null,
      "127.0.0.1",
      "a key that opens none of the sites: unknown, withdrawn or replaced",
    ]]);
    await expect.poll(async () => (await events("printAgent.foreignJob")).map((e) => e.detail)).toEqual([
      `the agent of site ${bay.id} reported on job ${sent.job.id}, which is not its site's`,
    ]);
    await expect.poll(async () =>
      (await one.s.platform.control.db.select().from(controlSystemLog)).some((r) =>
        r.source === "security" && r.message.includes("printAgent.keyRefused") &&
        JSON.parse(r.properties ?? "{}").userAgent === "audit-stranger 0 (linux)"
      )
    ).toBe(true);
    // Never a key, nor its secret part, in the tenant's log or the system log.
    const everything = JSON.stringify([
      (await one.api("GET", "/SecurityLog?PageSize=500")).body,
      await one.s.platform.control.db.select().from(controlSystemLog),
    ]);
    for (const k of [bay.key, renewed, bay.key.split(".")[2], secret]) expect(everything).not.toContain(k);
  });

  it("closes a socket that speaks outside the protocol: anything before the hello, or a message too large", async () => {
    const dock = await site(one, "Protocol hall");
    const closeOf = (messages: string[]) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(one.s.baseUrl.replace(/^http/, "ws") + PRINT_AGENT_PATH);
        ws.onopen = () => messages.forEach((m) => ws.send(m));
        ws.onclose = (e) => resolve(e.code);
      });
    const hello = JSON.stringify({
      type: "hello",
      protocol: PROTOCOL_VERSION,
      key: dock.key,
      agent: { name: "x", version: "0", os: "linux" },
    });
    expect(await closeOf([JSON.stringify({ type: "result", id: 1, ok: true })])).toBe(CLOSE_PROTOCOL);
    expect(await closeOf(["{"])).toBe(CLOSE_PROTOCOL);
    expect(await closeOf([hello, "x".repeat(20_000)])).toBe(CLOSE_PROTOCOL);
    expect(await closeOf([hello.replace(`"protocol":${PROTOCOL_VERSION}`, '"protocol":99')]))
      .toBe(CLOSE_PROTOCOL);
    expect(await closeOf([hello, hello])).toBe(CLOSE_PROTOCOL);
  });

  it("takes the key for the agent's channel only: no API call opens with it", async () => {
    const office = await site(one, "Office");
    const bearer = await fetch(`${one.s.baseUrl}/api/Printer`, {
      headers: { authorization: `Bearer ${office.key}` },
    });
    expect(bearer.status).toBe(401);
    await bearer.body?.cancel();
    const apiKey = await fetch(`${one.s.baseUrl}/api/Product`, { headers: { "x-api-key": office.key } });
    expect([401, 403, 410]).toContain(apiKey.status);
    await apiKey.body?.cancel();
    // And only an administrator makes or withdraws keys.
    const staff = await one.api("POST", "/User", {
      username: "agent-staff",
      email: "agent-staff@example.com",
      password: "secret-pass-1",
      repeatPassword: "secret-pass-1",
    });
    expect(staff.status).toBe(201);
    const token = (await (await fetch(`${one.s.baseUrl}/api/Auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "agent-staff", password: "secret-pass-1" }),
    })).json()).token;
    expect((await one.api("POST", `/PrintSite/${office.id}/agentKey`, undefined, token)).status).toBe(404);
    expect((await one.api("POST", `/PrintSite/${office.id}/agentKey/withdraw`, undefined, token)).status)
      .toBe(404);
    // Staff read the sites (to print) but never see a key.
    const read = await one.api("GET", `/PrintSite/${office.id}`, undefined, token);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(office.key);
  });
});
