// ASVS 5.4.3: files people send to be kept are scanned for viruses before anything is stored, when the
// operator runs ClamAV's daemon (a scanner speaking clamd's protocol on loopback here,
// tests/fixtures/clamd.ts): an attachment or a warehouse map holding the EICAR test file is refused and
// leaves nothing behind; a clean one is kept, the scanner having seen its very bytes; and while the scanner
// cannot answer, nothing is kept unscanned.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { EICAR, type FakeClamd, startClamd } from "../fixtures/clamd.ts";

let clamd: FakeClamd;
let s: TestServer;
let admin: string;
let tenantUrl: string;
let product: number;
let location: number;

beforeAll(async () => {
  clamd = startClamd();
  s = await startServer({ clamdAddress: clamd.address });
  tenantUrl = (await createTenant(s, "av")).dbUrl;
  admin = (await signIn(s, "av-admin")).token;
  product =
    (await call(s, "POST", "/api/Product", { token: admin, body: { index: "AV-1", name: "Scanned" } })).body
      .id;
  location =
    (await call(s, "POST", "/api/StorageSpace", { token: admin, body: { label: "AV-ZONE" } })).body.id;
});
afterAll(async () => {
  await s?.close();
  await clamd?.close();
});

async function attach(name: string, bytes: Uint8Array, lang = "en-US") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const r = await fetch(`${s.baseUrl}/api/File/upload?refResourceType=Product&refResourceId=${product}`, {
    method: "POST",
    headers: { authorization: `Bearer ${admin}`, "accept-language": lang },
    body: form,
  });
  return { status: r.status, body: await r.json() };
}

const attachments = async () =>
  (await call(s, "GET", `/api/File/list?refResourceType=Product&refResourceId=${product}`, { token: admin }))
    .body;

/** Every stored file of the tenant: its bytes' first chunks, in its database (decision 0020). */
async function storedFiles(): Promise<string[]> {
  const rows = await s.platform.pool.use(
    tenantUrl,
    (conn) => conn.query("SELECT storage_key FROM file_chunks WHERE seq = 0"),
  );
  return rows.map((r) => String(r.storage_key));
}

describe("virus scanning of kept files (5.4.3)", () => {
  it("refuses an attachment holding known malicious content, keeps nothing, and says what was found", async () => {
    const before = (await storedFiles()).length;
    const infected = new TextEncoder().encode(`delivery note\n${EICAR}\n`);
    const r = await attach("note.txt", infected, "pl-PL");
    expect([r.status, r.body.error.code]).toEqual([422, "file.infected"]);
    expect(r.body.error.message).toContain("Win.Test.EICAR_HDB-1");
    expect(r.body.error.message).toContain("złośliwe");
    expect(await storedFiles()).toHaveLength(before);
    expect(JSON.stringify(await attachments())).not.toContain("note.txt");
    // The scanner saw the very bytes sent.
    expect(clamd.scanned.at(-1)).toEqual(infected);
  });

  it("keeps a clean attachment once the scanner has seen it", async () => {
    const clean = new TextEncoder().encode("a clean delivery note, " + "x".repeat(200_000));
    const r = await attach("clean.txt", clean);
    expect(r.status).toBe(201);
    expect(clamd.scanned.at(-1)).toEqual(clean);
    expect(JSON.stringify(await attachments())).toContain("clean.txt");
  });

  it("refuses a warehouse map holding it, before it is cleaned or stored", async () => {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><!-- ${EICAR} --><rect width="5" height="5"/></svg>`;
    const r = await call(s, "POST", `/api/StorageSpace/${location}/schema`, {
      token: admin,
      body: { fileName: "plan.svg", content: svg },
    });
    expect([r.status, r.body.error.code]).toEqual([422, "file.infected"]);
    expect((await call(s, "GET", `/api/StorageSpace/${location}/schema`, { token: admin })).status).toBe(404);
    const ok = await call(s, "POST", `/api/StorageSpace/${location}/schema`, {
      token: admin,
      body: { fileName: "plan.svg", content: svg.replace(EICAR, "a plain comment") },
    });
    expect(ok.status).toBe(201);
  });

  it("keeps nothing unscanned while the scanner cannot answer", async () => {
    const t = await startServer({ clamdAddress: "127.0.0.1:1" });
    try {
      await createTenant(t, "avdown");
      const token = (await signIn(t, "avdown-admin")).token;
      const id =
        (await call(t, "POST", "/api/Product", { token, body: { index: "AV-2", name: "Unscanned" } })).body
          .id;
      const form = new FormData();
      form.append("file", new File([new TextEncoder().encode("harmless text")], "text.txt"));
      const r = await fetch(`${t.baseUrl}/api/File/upload?refResourceType=Product&refResourceId=${id}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect([r.status, (await r.json()).error.code]).toEqual([503, "file.scanUnavailable"]);
      const list = await call(t, "GET", `/api/File/list?refResourceType=Product&refResourceId=${id}`, {
        token,
      });
      expect(JSON.stringify(list.body)).not.toContain("text.txt");
    } finally {
      await t.close();
    }
  });
});
