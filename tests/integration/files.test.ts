// Attachments (issue 18): a record's files uploaded, listed, downloaded and deleted; the type found from the
// bytes, not the name; a name cannot reach outside the tenant's folder; too large is 413; the files go with
// their record; another tenant, another contractor, or a contractor user adding a file gets 404.
import { scratchDir } from "../fixtures/scratch.ts";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaffUser, company, product, startStockWorld, type StockWorld } from "./stock/fixture.ts";
import { createTenant, signIn } from "../fixtures/harness.ts";

let w: StockWorld;
let tea: number;
let theirs: number;
let contractor: string;
let basic: string;

const PNG = Deno.readFileSync("/work/main/docs/screenshots/home-light-desktop.png");

beforeAll(async () => {
  w = await startStockWorld("files");
  const own = await company(w, "FILE OWN");
  tea = await product(w, "FILE-TEA", { contractorId: own });
  theirs = await product(w, "FILE-THEIRS", { contractorId: await company(w, "FILE THEIRS") });
  contractor = await addStaffUser(w, "files-contractor", {
    connectedContractorId: own,
    contractorPortalEnabled: true,
  });
  basic = await addStaffUser(w, "files-basic");
});
afterAll(() => w?.s.close());

async function upload(
  id: number,
  name: string,
  bytes: Uint8Array,
  token = w.admin,
  type = "Product",
) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const r = await fetch(`${w.s.baseUrl}/api/File/upload?refResourceType=${type}&refResourceId=${id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: r.status, body: await r.json() };
}
const get = (path: string, token = w.admin) =>
  fetch(`${w.s.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

describe("attachments", () => {
  it("takes a picture, lists it, shows it in place and hands it out as a download", async () => {
    const up = await upload(tea, "label photo.png", PNG);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({
      fileName: "label photo.png",
      contentType: "image/png",
      previewable: true,
    });
    expect(up.body.sizeBytes).toBe(PNG.byteLength);
    const list = await (await get(`/File/list?refResourceType=Product&refResourceId=${tea}`)).json();
    expect(list.map((f: { id: number }) => f.id)).toEqual([up.body.id]);
    const inline = await get(`/File/download/${up.body.id}`);
    expect(inline.headers.get("content-type")).toBe("image/png");
    expect(inline.headers.get("content-disposition")).toMatch(/^inline; filename="label photo.png"/);
    expect(inline.headers.get("content-security-policy")).toMatch(/^sandbox/);
    expect(new Uint8Array(await inline.arrayBuffer())).toEqual(PNG);
    const classic = await get(`/File/download-classic/${up.body.id}`);
    expect(classic.headers.get("content-disposition")).toMatch(/^attachment;/);
    await classic.arrayBuffer();
    // Written to the product's history.
    const log = await w.query(
      "SELECT new_object FROM record_log WHERE resource_type = 'Product' AND resource_id = ? ORDER BY id DESC LIMIT 1",
      [tea],
    );
    expect(JSON.parse(log[0].new_object as string)).toEqual({
      fileAdded: "label photo.png",
      sizeBytes: PNG.byteLength,
    });
  });

  it("judges the type by the bytes: text named .png is text, a program named .pdf is refused, as is nothing", async () => {
    const text = await upload(tea, "notes.png", new TextEncoder().encode("Pallet 3 arrived damaged.\n"));
    expect([text.status, text.body.contentType, text.body.previewable]).toEqual([201, "text/plain", false]);
    const shown = await get(`/File/download/${text.body.id}`);
    expect(shown.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(shown.headers.get("x-content-type-options")).toBe("nosniff");
    await shown.arrayBuffer();
    const program = new Uint8Array(4096);
    program.set([0x4d, 0x5a, 0x90, 0x00]); // "MZ": a Windows program
    program.set(new TextEncoder().encode("PE\0\0"), 0x80);
    program[0x3c] = 0x80;
    const exe = await upload(tea, "invoice.pdf", program);
    expect([exe.status, exe.body.error.code]).toEqual([415, "file.typeNotAllowed"]);
    const empty = await upload(tea, "empty.txt", new Uint8Array());
    expect(empty.status).toBe(415);
    const notForm = await fetch(
      `${w.s.baseUrl}/api/File/upload?refResourceType=Product&refResourceId=${tea}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${w.admin}`, "content-type": "application/octet-stream" },
        body: PNG,
      },
    );
    expect(notForm.status).toBe(415);
  });

  it("keeps a name from reaching outside the tenant's folder, and refuses a file too large", async () => {
    const up = await upload(tea, "../../../control.db", PNG);
    expect(up.status).toBe(201);
    expect(up.body.fileName).toBe("control.db");
    // A mark that reorders text cannot show "invoice\u202Efdp.exe" as "invoiceexe.pdf"; text is named as text.
    const bidi = await upload(tea, "invoice\u202Efdp.exe", new TextEncoder().encode("plain words"));
    expect(bidi.body.fileName).toBe("invoicefdp.exe.txt");
    const [row] = await w.query("SELECT storage_key FROM file_infos WHERE id = ?", [up.body.id]);
    const key = String(row.storage_key);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Its bytes are in the tenant's database under that key (decision 0020), nowhere on disk by a name.
    expect(await w.query("SELECT seq FROM file_chunks WHERE storage_key = ?", [key])).toEqual([{ seq: 0 }]);
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 64));
    const tooBig = await upload(tea, "huge.png", big);
    expect([tooBig.status, tooBig.body.error.code]).toEqual([413, "file.tooLarge"]);
    expect(tooBig.body.error.message).toBe("The file is too large (at most 25 MB).");
  });

  it("answers 404 to another tenant, another contractor, and a contractor adding a file", async () => {
    const up = await upload(tea, "photo.png", PNG);
    // Another tenant of the same server, its administrator's token.
    await createTenant(w.s, "files-other");
    const foreign = (await signIn(w.s, "files-other-admin")).token;
    const r = await fetch(`${w.s.baseUrl}/api/File/download/${up.body.id}`, {
      headers: { authorization: `Bearer ${foreign}` },
    });
    expect(r.status).toBe(404);
    await r.body?.cancel();
    expect((await get(`/File/list?refResourceType=Product&refResourceId=${tea}`, foreign)).status).toBe(404);
    const del = await fetch(`${w.s.baseUrl}/api/File/delete/${up.body.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${foreign}` },
    });
    expect(del.status).toBe(404);
    expect(await w.query("SELECT id FROM file_infos WHERE id = ?", [up.body.id])).toHaveLength(1);
    // The contractor reads their own product's files, not another contractor's.
    expect((await get(`/File/list?refResourceType=Product&refResourceId=${tea}`, contractor)).status).toBe(
      200,
    );
    const theirFile = await upload(theirs, "theirs.png", PNG);
    const probe = await get(`/File/download/${theirFile.body.id}`, contractor);
    expect(probe.status).toBe(404);
    await probe.body?.cancel();
    expect((await get(`/File/list?refResourceType=Product&refResourceId=${theirs}`, contractor)).status).toBe(
      404,
    );
    // Any staff user who reads the record adds to it (a photo of a damaged pallet); a contractor user does not.
    expect((await get(`/File/list?refResourceType=Product&refResourceId=${tea}`, basic)).status).toBe(200);
    expect((await upload(tea, "x.png", PNG, basic)).status).toBe(201);
    expect((await upload(tea, "x.png", PNG, contractor)).status).toBe(404);
    expect((await get(`/File/list?refResourceType=NoSuchThing&refResourceId=1`)).status).toBe(404);
    // The logs take no files (nobody writes them).
    const [entry] = await w.query("SELECT id FROM record_log ORDER BY id LIMIT 1");
    expect((await upload(Number(entry.id), "x.png", PNG, w.admin, "RecordLog")).status).toBe(404);
  });

  it("deletes a file, and a record's files with the record", async () => {
    const doomed = await product(w, "FILE-DOOMED");
    const a = await upload(doomed, "a.png", PNG);
    const b = await upload(doomed, "b.txt", new TextEncoder().encode("b"));
    const keys = (await w.query(
      "SELECT storage_key FROM file_infos WHERE ref_resource_id = ? AND ref_resource_type = 'Product'",
      [doomed],
    ))
      .map((r) => String(r.storage_key));
    const stored = async (key: string) =>
      (await w.query("SELECT count(*) AS n FROM file_chunks WHERE storage_key = ?", [key]))[0].n;
    const del = await fetch(`${w.s.baseUrl}/api/File/delete/${a.body.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${w.admin}` },
    });
    expect(del.status).toBe(204);
    expect(await stored(keys[0])).toBe(0);
    expect(await stored(keys[1])).toBe(1);
    expect((await w.api("DELETE", `/Product/${doomed}`)).status).toBe(204);
    expect(await w.query("SELECT id FROM file_infos WHERE id = ?", [b.body.id])).toEqual([]);
    expect(await stored(keys[1])).toBe(0);
  });

  it("shows a workbook as the PDF of its first sheet (convertXlsxToPdf), and refuses it for anything else", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Delivery");
    sheet.addRow(["Index", "Name", "Quantity", "Expiry", "Delivered"]);
    // A workbook's dates are its own wall clock (stored as if at UTC): shown as written, whatever the zone.
    sheet.addRow([
      "TEA-1",
      "Herbata zielona",
      12,
      new Date("2031-05-01T00:00:00Z"),
      new Date("2031-04-20T14:30:00Z"),
    ]);
    sheet.addRow(["RICE-2", "Рис", 3.5]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer() as ArrayBuffer);
    const up = await upload(tea, "delivery.xlsx", bytes);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const r = await get(`/File/download/${up.body.id}?convertXlsxToPdf=true`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/pdf");
    expect(r.headers.get("content-disposition")).toContain('filename="delivery.pdf"');
    const dir = scratchDir("convert-");
    writeFileSync(join(dir, "d.pdf"), new Uint8Array(await r.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", join(dir, "d.pdf"), "-"], { encoding: "utf8" });
    expect(text).toMatch(/Index\s+Name\s+Quantity/);
    expect(text).toMatch(/TEA-1\s+Herbata zielona\s+12\s+05\/01\/2031\s+04\/20\/2031, 02:30\sPM/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}/);
    expect(text).toMatch(/RICE-2\s+Рис\s+3\.5/);
    // Not a workbook: no conversion.
    const png = await upload(tea, "photo.png", PNG);
    const refused = await get(`/File/download/${png.body.id}?convertXlsxToPdf=true`);
    expect([refused.status, (await refused.json()).error.code]).toEqual([415, "file.typeNotAllowed"]);
    // Another contractor's workbook, converted or not, is not theirs to read.
    const foreign = await upload(theirs, "theirs.xlsx", bytes);
    expect((await get(`/File/download/${foreign.body.id}?convertXlsxToPdf=true`, contractor)).status).toBe(
      404,
    );
  });
});
