// Work a process leaves due when it dies is taken up by the next one at its start, with no call to the tenant
// (issue 33; server/domain/messaging/sweep.ts): a message whose mail server was down stays queued, and once
// the server is killed (SIGKILL, no shutdown of its own) and started again, the mail goes out; a count left
// preparing its positions reaches its prepared state. Nothing of the tenant is asked meanwhile (a read of a
// count's progress would take it up too), so the start alone must do it. The real server runs as a process
// of its own on its own data directory, with shard threads (WORKERS=2, whose shards sweep their own tenants)
// and on one thread (WORKERS=0).
import { freePort, ServerProcess } from "../fixtures/server_process.ts";
import { startSmtp } from "../fixtures/smtp.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const DENO = "./node_modules/deno/deno";
const PASSWORD = "long-enough-1";
/** Stock lines the count covers: with 4 per slice and a pause between slices, several seconds of preparing. */
const LINES = 100;

/** Polls `ok` until it holds (a state, not a time). */
async function until(ok: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not within ${ms} ms`);
}

describe.each(["2", "0"])("a server killed and started again (WORKERS=%s)", (workers) => {
  const slug = `restart${workers}`;
  const dataDir = resolve(".test-data", `restart-queues-${crypto.randomUUID()}`);
  const tenantDb = join(dataDir, "tenants", `${slug}.db`);
  // The tenant's mail server: down (nothing listens on its port) until after the kill.
  const smtpPort = freePort();
  const server = new ServerProcess();
  let port = 0;
  let token = "";

  const env = () => ({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PASSWORD_HASH_COST: "1024",
    ACCESS_TOKEN_TTL: String(24 * 3600),
    WORKERS: workers,
    // The tests' mail server is on loopback, which the egress policy refuses otherwise.
    EGRESS_ALLOW: "127.0.0.1",
    // Retries a second apart, several of them: the message is still queued when the process is killed.
    MESSAGE_RETRY_MS: "1000,1000,1000,1000,1000,1000,1000,1000",
    // A count's positions a few lines per slice, so that its preparation is caught midway.
    COUNT_SLICE_LINES: "4",
  });

  // deno-lint-ignore no-explicit-any
  async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const r = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "accept-language": "en-US",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  }

  /** The tenant's database as the server left it, read by a connection of this process. */
  function query(sql: string): Record<string, unknown>[] {
    const db = new DatabaseSync(tenantDb, { readOnly: true });
    try {
      return db.prepare(sql).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    mkdirSync(dataDir, { recursive: true });
    port = freePort();
    const out = await new Deno.Command(DENO, {
      args: ["run", "-A", "tenants/cli.ts", "create", slug, "--name", "Restart", "--admin", `${slug}-admin`]
        .concat(["--email", `admin@${slug}.example`, "--password", PASSWORD]),
      env: env(),
      stdout: "piped",
      stderr: "piped",
    }).output();
    expect(new TextDecoder().decode(out.stderr)).toBe("");
    await server.start(env(), port);
    const auth = await fetch(`http://127.0.0.1:${port}/api/Auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: `${slug}-admin`, password: PASSWORD }),
    });
    expect(auth.status).toBe(200);
    token = (await auth.json()).token;
  }, 120_000);

  afterAll(async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers a message left queued by the killed process, with no call to the tenant", async () => {
    const account = await api("POST", "/EmailAccount", {
      address: "warehouse@restart.example",
      smtpServer: "127.0.0.1",
      smtpPort,
      useTls: false,
      login: null,
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const sent = await api("POST", "/Message/send", {
      channel: "email",
      subject: "Left due",
      body: "<p>Sent after the restart.</p>",
      to: ["buyer@restart.example"],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    // Tried once (no connection), a temporary failure: queued for a retry.
    await until(async () => {
      const [r] = (await api("GET", `/Message/${sent.body.id}/recipients`)).body;
      return r.attempts >= 1;
    });
    await server.kill();
    expect(query("SELECT status, attempts >= 1 AS tried FROM message_recipients")).toEqual([
      { status: "queued", tried: 1 },
    ]);

    const smtp = await startSmtp({ port: smtpPort });
    try {
      await server.start(env(), port);
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes("buyer@restart.example"), 30_000);
      expect(mail.subject).toBe("Left due");
      await until(() => query("SELECT status FROM message_recipients")[0].status === "sent");
    } finally {
      await smtp.close();
    }
  }, 90_000);

  it("takes up a count the killed process left preparing, with no read of its progress", async () => {
    const location = await api("POST", "/StorageSpace", { label: `RS-${workers}` });
    const product = await api("POST", "/Product", { index: `RS-SERIAL-${workers}`, name: "Serialised" });
    expect([location.status, product.status]).toEqual([201, 201]);
    const doc = await api("POST", "/WmsDocument", {
      typeCode: "IIN",
      destinationLocationId: location.body.id,
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    // One line per serial number.
    for (let i = 0; i < LINES; i++) {
      const p = await api("POST", "/WmsDocumentPosition", {
        documentId: doc.body.id,
        productId: product.body.id,
        quantity: 1,
        serialNumber: `SN-${i}`,
      });
      expect(p.status, JSON.stringify(p.body)).toBe(201);
    }
    const received = await api("POST", `/WmsDocument/${doc.body.id}/confirm?acceptWarnings=true`);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const order = await api("POST", "/WmsOrder", { typeCode: "VER-A" });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const counting = await api("POST", `/WmsOrder/${order.body.id}/confirm`);
    expect(counting.status, JSON.stringify(counting.body)).toBe(200);
    expect(counting.body).toMatchObject({ countPreparing: true, countLinesTotal: LINES });
    await server.kill();
    const [left] = query(
      `SELECT count_preparing, positions_count FROM wms_orders WHERE id = ${order.body.id}`,
    );
    expect(left.count_preparing).toBe(1);
    expect(Number(left.positions_count)).toBeLessThan(LINES);

    await server.start(env(), port);
    // The file itself, polled: no call reads the count's progress.
    await until(() =>
      query(`SELECT count_preparing FROM wms_orders WHERE id = ${order.body.id}`)[0].count_preparing === 0
    );
    expect(query(`SELECT positions_count, quantity_sum FROM wms_orders WHERE id = ${order.body.id}`)).toEqual(
      [
        { positions_count: LINES, quantity_sum: LINES * 1000 },
      ],
    );
    expect(query(`SELECT count(*) AS n FROM wms_order_positions WHERE order_id = ${order.body.id}`)).toEqual([
      { n: LINES },
    ]);
  }, 90_000);
});
