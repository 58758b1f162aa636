// Long work against a tenant move (issue 33; decision 0018, server/tenancy/move.ts): a count still preparing its
// positions, an import still writing its slices and a message still queued when the provider moves the tenant
// to another instance. The message is sent by the new owner once it opens the copy, and by it alone.
// The count stops between two slices at the drain and is taken up by the new owner when it first opens the
// copy; the import stops, takes its slices back and its job says why (import.tenantMoving). Either way the
// copy is whole (stock = ledger, the count's positions once each, nothing of the import), the job's state
// is a real outcome, and nothing is written to the old file once it has been copied. Two real instances
// (a front with its shard each) share one control database, as in tests/integration/instances.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { exportJWK, generateKeyPair } from "jose";
import {
  call,
  createTenant,
  type ShardedServer,
  signIn,
  startShardedServer,
  until,
} from "../fixtures/harness.ts";
import { moveTenant } from "../../server/tenancy/move.ts";
import { filePathOf } from "../../server/db/local.ts";
import { stockLedgerFaults } from "../../server/domain/stock/ledger/invariant.ts";
import { freePort } from "../fixtures/server_process.ts";
import { startSmtp } from "../fixtures/smtp.ts";

let east: ShardedServer;
let west: ShardedServer;
const root = resolve(".test-data", `move-long-work-${crypto.randomUUID()}`);
/** Stock lines the count covers: 2 per slice, with the worker's pause between slices, several seconds. */
const LINES = 120;

beforeAll(async () => {
  // Small slices, so that the count is still preparing when the move comes (read by the shards as they run),
  // and the import still writing: the move waits for every instance to see it (tenantCacheSeconds, 1 s, and
  // as long again for the import to read it), which 20,000 rows in 100 ms slices could outrun.
  Deno.env.set("COUNT_SLICE_LINES", "2");
  Deno.env.set("IMPORT_SLICE_MS", "1");
  const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const jwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid: "shared", alg: "EdDSA" });
  const shared = {
    controlDbUrl: `file:${root}/control.db`,
    jwtPrivateJwk: jwk,
    tenantCacheSeconds: 1,
    // Retries a second apart, many of them: a message stays queued through the move.
    messageRetryMs: Array.from({ length: 30 }, () => 1000),
    workers: 1,
    readers: 0,
  };
  east = await startShardedServer({ ...shared, instance: "east" }, `${root}/east`);
  west = await startShardedServer({ ...shared, instance: "west" }, `${root}/west`);
}, 60_000);

afterAll(async () => {
  Deno.env.delete("COUNT_SLICE_LINES");
  Deno.env.delete("IMPORT_SLICE_MS");
  await east?.close();
  await west?.close();
  await Deno.remove(root, { recursive: true }).catch(() => {});
});

/** Runs `sql` on a tenant file with a connection of this test's own. */
function query(path: string, sql: string): Record<string, unknown>[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** What the long work writes in a file, to see that nothing changes in the old one after the copy. */
const fingerprint = (path: string) =>
  JSON.stringify([
    query(
      path,
      "SELECT id, count_preparing, count_cursor_key, positions_count, quantity_sum, version FROM wms_orders",
    ),
    query(path, "SELECT count(*) AS n, max(id) AS last FROM wms_order_positions"),
    query(path, "SELECT count(*) AS n, max(id) AS last FROM products"),
    query(path, "SELECT id, state, touched_at FROM import_runs"),
    query(path, "SELECT count(*) AS n FROM import_writes"),
    query(path, "SELECT id, status, processed, error, touched_at FROM import_jobs"),
    query(path, "SELECT count(*) AS n, max(id) AS last FROM record_log"),
  ]);

describe("long work while its tenant moves", () => {
  it(
    "a count preparing stops at the move and is finished by the new owner; the old file is left as copied",
    async () => {
      const tenant = await createTenant(east, "counted");
      const { token } = await signIn(east, "counted-admin");
      const api = (server: ShardedServer, method: string, path: string, body?: unknown) =>
        call(server, method, `/api${path}`, { token, body });
      const location = await api(east, "POST", "/StorageSpace", { label: "MV-1" });
      const product = await api(east, "POST", "/Product", { index: "MV-SERIAL", name: "Serialised" });
      const doc = await api(east, "POST", "/WmsDocument", {
        typeCode: "IIN",
        destinationLocationId: location.body.id,
      });
      for (let i = 0; i < LINES; i++) {
        const p = await api(east, "POST", "/WmsDocumentPosition", {
          documentId: doc.body.id,
          productId: product.body.id,
          quantity: 1,
          serialNumber: `MV-${i}`,
        });
        expect(p.status, JSON.stringify(p.body)).toBe(201);
      }
      expect((await api(east, "POST", `/WmsDocument/${doc.body.id}/confirm?acceptWarnings=true`)).status)
        .toBe(200);
      const order = await api(east, "POST", "/WmsOrder", { typeCode: "VER-A" });
      const counting = await api(east, "POST", `/WmsOrder/${order.body.id}/confirm`);
      expect(counting.body).toMatchObject({ countPreparing: true, countLinesTotal: LINES });

      const target = `file:${root}/west/tenants/counted.db`;
      const moved = await moveTenant(east.platform, "counted", "west", target);
      const oldFile = filePathOf(tenant.dbUrl);
      const newFile = filePathOf(target);
      // Caught midway: the copy holds the count as the old file does, still preparing.
      const atMove = fingerprint(oldFile);
      expect(fingerprint(newFile)).toBe(atMove);
      const [left] = query(
        newFile,
        `SELECT count_preparing, positions_count FROM wms_orders WHERE id = ${order.body.id}`,
      );
      expect(left.count_preparing).toBe(1);
      expect(Number(left.positions_count)).toBeLessThan(LINES);
      expect(moved.tenant).toMatchObject({ instance: "west", dbUrl: target });

      // The new owner opens the copy with its first call, and the count goes on there: no read of its progress.
      expect((await api(west, "GET", "/Tags")).status).toBe(200);
      const preparing = () =>
        query(newFile, `SELECT count_preparing AS p FROM wms_orders WHERE id = ${order.body.id}`)[0].p;
      await until(
        () => Promise.resolve(preparing() === 0),
        30_000,
      );
      expect(
        query(newFile, `SELECT positions_count, quantity_sum FROM wms_orders WHERE id = ${order.body.id}`),
      )
        .toEqual([{ positions_count: LINES, quantity_sum: LINES * 1000 }]);
      // Each line once: no slice made twice across the move.
      expect(
        query(newFile, `SELECT count(DISTINCT line_key) AS n, count(*) AS all_ FROM wms_order_positions`),
      )
        .toEqual([{ n: LINES, all_: LINES }]);
      const db = new DatabaseSync(newFile, { readOnly: true });
      try {
        expect(stockLedgerFaults(db)).toEqual([]);
      } finally {
        db.close();
      }
      // Nothing reached the old file after its copy, though its count had slices left.
      expect(fingerprint(oldFile)).toBe(atMove);
    },
    60_000,
  );

  it(
    "an import writing stops at the move, is taken back, and its job says why; the copy holds none of it",
    async () => {
      const tenant = await createTenant(east, "imported");
      const { token } = await signIn(east, "imported-admin");
      const oldFile = filePathOf(tenant.dbUrl);
      const productsBefore = query(oldFile, "SELECT count(*) AS n FROM products");
      const form = new FormData();
      const rows = Array.from({ length: 20_000 }, (_, i) => `IMP-${i},Imported ${i}`);
      form.append("file", new File([["index,name", ...rows].join("\n")], "products.csv"));
      form.append("recordType", "Product");
      const started = await fetch(`${east.baseUrl}/api/Import`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(started.status).toBe(202);
      const { jobId } = await started.json();
      await until(async () => {
        const job = (await call(east, "GET", `/api/Import/${jobId}`, { token })).body;
        expect(job.status).toBe("running");
        return job.phase === "importing" && job.processed > 0;
      }, 30_000);

      const target = `file:${root}/west/tenants/imported.db`;
      await moveTenant(east.platform, "imported", "west", target);
      const newFile = filePathOf(target);
      const atMove = fingerprint(oldFile);
      // The copy: the import taken back whole, its job failed with the reason, in the same commit.
      expect(query(newFile, "SELECT count(*) AS n FROM products")).toEqual(productsBefore);
      expect(query(newFile, "SELECT count(*) AS n FROM import_runs WHERE state <> 'interrupted'")).toEqual([{
        n: 0,
      }]);
      expect(query(newFile, "SELECT count(*) AS n FROM import_writes")).toEqual([{ n: 0 }]);
      expect(query(newFile, "SELECT status FROM import_jobs")).toEqual([{ status: "failed" }]);
      // The wizard, following its job at the new owner, is told why in the user's language.
      const job = await call(west, "GET", `/api/Import/${jobId}`, {
        token,
        headers: { "accept-language": "pl-PL" },
      });
      expect(job.status).toBe(200);
      expect(job.body).toMatchObject({ status: "failed", error: { code: "import.tenantMoving" } });
      expect(job.body.error.message).toMatch(/przenoszone na inny serwer/);
      // The tenant works at its new owner; nothing was written to the old file after its copy.
      const made = await call(west, "POST", "/api/Product", {
        token,
        body: { index: "AFTER-MOVE", name: "After" },
      });
      expect(made.status).toBe(201);
      expect(fingerprint(oldFile)).toBe(atMove);
    },
    60_000,
  );

  it(
    "a message queued is sent by the new owner alone, once, and the old file's queue is left as copied",
    async () => {
      const tenant = await createTenant(east, "mailing");
      const { token } = await signIn(east, "mailing-admin");
      const smtpPort = freePort(); // down until after the move
      const account = await call(east, "POST", "/api/EmailAccount", {
        token,
        body: { address: "w@mailing.example", smtpServer: "127.0.0.1", smtpPort, useTls: false, login: null },
      });
      expect(account.status, JSON.stringify(account.body)).toBe(201);
      const sent = await call(east, "POST", "/api/Message/send", {
        token,
        body: { channel: "email", subject: "Across the move", body: "x", to: ["buyer@mailing.example"] },
      });
      expect(sent.status).toBe(202);
      await until(async () =>
        (await call(east, "GET", `/api/Message/${sent.body.id}/recipients`, { token })).body[0].attempts >= 1
      );

      const target = `file:${root}/west/tenants/mailing.db`;
      await moveTenant(east.platform, "mailing", "west", target);
      const oldFile = filePathOf(tenant.dbUrl);
      const newFile = filePathOf(target);
      const queue = (path: string) => JSON.stringify(query(path, "SELECT * FROM message_recipients"));
      const atMove = queue(oldFile);
      expect(queue(newFile)).toBe(atMove);
      expect(query(newFile, "SELECT status FROM message_recipients")).toEqual([{ status: "queued" }]);

      const smtp = await startSmtp({ port: smtpPort });
      try {
        // The new owner's first call opens the copy: its sender delivers what is due.
        expect((await call(west, "GET", "/api/Tags", { token })).status).toBe(200);
        await smtp.waitFor((m) => m.subject === "Across the move", 30_000);
        await until(() =>
          Promise.resolve(query(newFile, "SELECT status FROM message_recipients")[0].status === "sent")
        );
        // The old instance sent nothing more: it neither mailed nor wrote the old file.
        expect(smtp.messages.filter((m) => m.subject === "Across the move")).toHaveLength(1);
        expect(queue(oldFile)).toBe(atMove);
      } finally {
        await smtp.close();
      }
    },
    60_000,
  );
});
