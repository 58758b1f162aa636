// Files are data (issue 33, decision 0020): a tenant's attachments are in its database, so its one backup
// file holds them; backed up, its records and their files deleted, restored, every file its records name is
// readable with the same bytes; moved to another instance, the same. That holds for uploads and for the
// printout kept with a document when it is mailed (the PDF the partner received). A file kept on disk before
// migration 0042 is still read from there, and is brought into the database by the backup's command.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import PostalMime from "postal-mime";
import { draft, location, product, startStockWorld, type StockWorld } from "./stock/fixture.ts";
import { type SmtpSink, startSmtp } from "../fixtures/smtp.ts";
import { restoreTenant } from "../../server/tenancy/backups.ts";
import { moveTenant } from "../../server/tenancy/move.ts";
import { LocalConnection } from "../../server/db/local.ts";
import { CHUNK_BYTES, getBytes, newKey } from "../../server/domain/files/store.ts";

const PNG = Deno.readFileSync("/work/main/docs/screenshots/home-light-desktop.png");
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

let w: StockWorld;
let goods: number;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtp();
  w = await startStockWorld("filed", { tenantCacheSeconds: 1 });
  goods = await product(w, "FILED-1");
});
afterAll(async () => {
  await w?.s.close();
  await smtp?.close();
});

async function upload(name: string, bytes: Uint8Array): Promise<number> {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const r = await fetch(`${w.s.baseUrl}/api/File/upload?refResourceType=Product&refResourceId=${goods}`, {
    method: "POST",
    headers: { authorization: `Bearer ${w.admin}` },
    body: form,
  });
  expect(r.status).toBe(201);
  return (await r.json()).id;
}

async function download(id: number): Promise<{ status: number; bytes: Uint8Array }> {
  const r = await fetch(`${w.s.baseUrl}/api/File/download-classic/${id}`, {
    headers: { authorization: `Bearer ${w.admin}` },
  });
  return { status: r.status, bytes: new Uint8Array(await r.arrayBuffer()) };
}

async function cli(...args: string[]) {
  const out = await new Deno.Command("./node_modules/deno/deno", {
    args: ["run", "-A", "tenants/cli.ts", ...args],
    env: { DATA_DIR: w.s.dataDir, TENANT_CACHE_SECONDS: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** Text of `size` bytes, printable, different in every chunk: several chunks that must come back in order. */
function longText(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = 32 + ((i * 7 + Math.floor(i / CHUNK_BYTES)) % 95);
  return bytes;
}

describe("files are data", () => {
  const expected = new Map<number, string>();
  let backupFile = "";
  let printout = 0;

  it("keeps the printout mailed with a document among the document's files, the bytes the partner got", async () => {
    const account = await w.api("POST", "/EmailAccount", {
      address: "warehouse@filed.example",
      smtpServer: "127.0.0.1",
      smtpPort: smtp.port,
      useTls: false,
      login: null,
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const doc = await draft(w, { typeCode: "IIN", destinationLocationId: await location(w, "FILED-BAY") }, [
      { productId: await product(w, "FILED-PRINTED"), quantity: 2 },
    ]);
    const sent = await w.api("POST", "/Message/send", {
      channel: "email",
      subject: "Document {{document.documentNumber}}",
      body: "The delivery note is attached.",
      to: ["partner@filed.example"],
      refResourceType: "WmsDocument",
      refResourceId: doc.id,
      attachPrintout: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const files = (await w.api("GET", `/File/list?refResourceType=WmsDocument&refResourceId=${doc.id}`)).body;
    expect(files).toHaveLength(1);
    printout = files[0].id;
    const kept = await download(printout);
    expect(kept.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes("partner@filed.example"));
    const [attached] = (await PostalMime.parse(mail.raw)).attachments;
    expect(sha(new Uint8Array(attached.content as ArrayBuffer))).toBe(sha(kept.bytes));
    expected.set(printout, sha(kept.bytes));
  });

  it("reads a file kept on disk before 0042, and the backup command brings it into the database", async () => {
    // A file as the build before this one kept it: its row, its bytes under DATA_DIR/files.
    const old = new TextEncoder().encode("a delivery note kept on disk before files were data\n");
    const key = newKey();
    const path = join(w.s.dataDir, "files", String(w.tenant.id), key.slice(0, 2), key);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, old);
    const [row] = await w.query(
      `INSERT INTO file_infos (ref_resource_type, ref_resource_id, file_name, content_type, size_bytes, sha256,
         storage_key, created_at) VALUES ('Product', ?, 'old.txt', 'text/plain', ?, ?, ?, '2026-01-01T00:00:00Z')
       RETURNING id`,
      [goods, old.byteLength, sha(old), key],
    );
    const oldId = Number(row.id);
    expect(sha((await download(oldId)).bytes)).toBe(sha(old));
    expected.set(oldId, sha(old));

    expected.set(await upload("photo.png", PNG), sha(PNG));
    const long = longText(3 * CHUNK_BYTES + 1234);
    const longId = await upload("long.txt", long);
    expected.set(longId, sha(long));
    expect(
      (await w.query(
        "SELECT count(*) AS n FROM file_chunks WHERE storage_key = (SELECT storage_key FROM file_infos WHERE id = ?)",
        [longId],
      ))[0].n,
    ).toBe(4);

    const dir = join(w.s.dataDir, "file-backups");
    const backed = await cli("backup", "filed", "--dir", dir);
    expect(backed.code, backed.stderr).toBe(0);
    expect(backed.stdout).toContain("filed: 1 file(s) brought from disk into the database");
    backupFile = backed.stdout.trim().split("\n").at(-1)!.split(": ")[1].split(" (")[0];
    expect(existsSync(backupFile)).toBe(true);
    // The disk copy is gone; the tenant's folder too; the file reads the same from the database.
    expect(existsSync(join(w.s.dataDir, "files", String(w.tenant.id)))).toBe(false);
    expect(sha((await download(oldId)).bytes)).toBe(sha(old));
  });

  it("restored after its records and files were deleted, has every file with the same bytes, the kept printout too", async () => {
    expect((await w.api("DELETE", `/File/delete/${printout}`)).status).toBe(204);
    expect((await w.api("DELETE", `/Product/${goods}`)).status).toBe(204);
    expect(await w.query("SELECT count(*) AS n FROM file_chunks")).toEqual([{ n: 0 }]);
    for (const id of expected.keys()) expect((await download(id)).status).toBe(404);

    await restoreTenant(w.s.platform, "filed", backupFile);
    for (const [id, hash] of expected) {
      const got = await download(id);
      expect([got.status, sha(got.bytes)]).toEqual([200, hash]);
    }
    // No record names a file whose bytes are missing.
    expect(
      await w.query(
        "SELECT id FROM file_infos f WHERE NOT EXISTS (SELECT 1 FROM file_chunks c WHERE c.storage_key = f.storage_key)",
      ),
    ).toEqual([]);
  });

  it("moved to another instance, carries every file with the same bytes, the kept printout too", async () => {
    const target = `file:${join(w.s.dataDir, "elsewhere", "filed.db")}`;
    mkdirSync(join(w.s.dataDir, "elsewhere"), { recursive: true });
    const moved = await moveTenant(w.s.platform, "filed", "elsewhere", target);
    expect(moved.tenant.dbUrl).toBe(target);
    const conn = new LocalConnection(target);
    try {
      for (const [id, hash] of expected) {
        const [row] = await conn.query("SELECT storage_key FROM file_infos WHERE id = ?", [id]);
        // Read from the moved database alone: nothing of it is on this instance's disk.
        const bytes = await getBytes(
          { db: conn.db, dataDir: join(w.s.dataDir, "nowhere"), tenantId: w.tenant.id },
          String(row.storage_key),
        );
        expect(sha(bytes)).toBe(hash);
      }
    } finally {
      await conn.close();
    }
  });
});
