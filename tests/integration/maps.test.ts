// Warehouse maps (issue 17): a location's SVG map, cleaned on the server before it is stored. Every malicious
// SVG of ../shared/testdata/svg (PayloadsAllTheThings: script, foreignObject, external references, SSRF,
// ImageMagick; DOMPurify's SVG fixtures) is refused or stored with nothing active left; the real floor plans
// there still draw every shape they had; a file too big or not an SVG is refused with the spec's errors; only
// administrators and business managers put a map, staff read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  addStaffUser,
  assertStockEqualsLedger,
  company,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";

const SVG = "/work/shared/testdata/svg";
let w: StockWorld;
let hall: number;
let basic: string;
let contractor: string;

beforeAll(async () => {
  w = await startStockWorld("maps");
  hall = await location(w, "HALL-1");
  basic = await addStaffUser(w, "maps-basic");
  contractor = await addStaffUser(w, "maps-contractor", {
    connectedContractorId: await company(w, "Map Foods"),
    contractorPortalEnabled: true,
  });
});
afterAll(() => w?.s.close());

const put = (id: number, fileName: string, content: string, token = w.admin, method = "POST") =>
  w.api(method, `/StorageSpace/${id}/schema`, { fileName, content }, token);

/** What in a stored drawing could run, load from outside or style outside it (empty: nothing). */
function active(svg: string): string[] {
  const found: string[] = [];
  for (const tag of ["script", "foreignobject", "style", "iframe", "object", "embed", "link", "meta"]) {
    if (new RegExp(`<${tag}[\\s>/]`, "i").test(svg)) found.push(`<${tag}>`);
  }
  for (const m of svg.matchAll(/\s([\w:-]+)\s*=\s*"([^"]*)"/g)) {
    const [, name, value] = m;
    const n = name.toLowerCase();
    if (n.startsWith("on")) found.push(`${name}=`);
    if (n.startsWith("xmlns")) continue;
    if (
      /^(href|xlink:href|src)$/.test(n) && !/^\s*(#|data:image\/(png|jpe?g|gif|webp);base64,)/i.test(value)
    ) {
      found.push(`${name}="${value.slice(0, 40)}"`);
    }
    if (/url\s*\(\s*['"]?\s*(?!#)/i.test(value) || /@import|javascript:|expression\s*\(/i.test(value)) {
      found.push(`${name}="${value.slice(0, 40)}"`);
    }
  }
  if (/@import|javascript:|\/etc\/passwd/i.test(svg)) found.push("text");
  // Its own checks, beyond the cleaner's: a CSS escape could spell anything; the image functions that take
  // plain strings; a style on the root, the one box that could be placed over the page.
  for (const m of svg.matchAll(/\s([\w:-]+)\s*=\s*"([^"]*)"/g)) {
    if (m[2].includes("\\")) found.push(`${m[1]} escapes`);
    if (/image-set|cross-fade|\bsrc\s*\(|element\s*\(/i.test(m[2])) {
      found.push(`${m[1]}="${m[2].slice(0, 40)}"`);
    }
  }
  if (/^<svg[^>]*\sstyle=/i.test(svg)) found.push("root style");
  return found;
}

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name !== "LICENSE")
    .map((e) => join(e.parentPath, e.name));

describe("a map upload", () => {
  it("keeps nothing active of any malicious SVG: refused, or stored clean", async () => {
    const seen: string[] = [];
    for (const file of files(`${SVG}/payloadsallthethings-svg`)) {
      const name = file.split("/").at(-1)!;
      const r = await put(hall, name, readFileSync(file, "latin1"));
      if (r.status === 415) {
        expect(r.body.error.code, name).toBe("file.typeNotAllowed");
        seen.push(`${name}: refused`);
        continue;
      }
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(201);
      const stored = (await w.api("GET", `/StorageSpace/${hall}/schema`)).body.svg as string;
      expect(active(stored), name).toEqual([]);
      expect(stored.startsWith("<svg"), name).toBe(true);
      seen.push(`${name}: cleaned`);
    }
    // Every payload was tried: the script, SSRF and ImageMagick ones, and the compressed one refused.
    expect(seen.length).toBe(19);
    expect(seen).toContain("xss.svgz: refused");
  });

  it("keeps nothing active of DOMPurify's SVG fixtures", async () => {
    const cases = JSON.parse(readFileSync(`${SVG}/dompurify/expect-svg-subset.json`, "utf8")) as {
      title: string;
      payload: string;
    }[];
    let stored = 0;
    for (const c of cases) {
      const r = await put(hall, "fixture.svg", c.payload);
      if (r.status === 415) continue;
      expect(r.status, c.title).toBe(201);
      expect(active(r.body.svg), c.title).toEqual([]);
      stored++;
    }
    expect(stored).toBeGreaterThanOrEqual(10);
  });

  it("keeps every shape of the real floor plans (a script and an embedded picture: the picture stays)", async () => {
    const shapes = (svg: string) =>
      (svg.match(/<(path|rect|polygon|polyline|circle|ellipse|line|text)[\s>]/gi) ?? []).length;
    for (const name of ["home.svg", "test_plate.svg", "floorplanner_home.svg"]) {
      const text = readFileSync(`${SVG}/floorplans/${name}`, "utf8");
      const id = await location(w, `PLAN-${name}`);
      const r = await put(id, name, text);
      expect(r.status, name).toBe(201);
      const map = (await w.api("GET", `/StorageSpace/${id}/schema`)).body;
      expect(map).toMatchObject({
        locationId: id,
        fileName: name,
        sizeBytes: new TextEncoder().encode(text).length,
      });
      expect(map.viewBox, name).toMatch(/^0 0 [\d.]+ [\d.]+$/);
      expect(shapes(map.svg), name).toBe(shapes(text));
      expect(shapes(map.svg), name).toBeGreaterThan(10);
      expect(active(map.svg), name).toEqual([]);
      if (name === "floorplanner_home.svg") {
        expect(text).toMatch(/<script/i);
        expect(map.svg).toMatch(/<image[^>]+href="data:image\/(png|jpeg)/);
      }
    }
  });

  it("refuses a file too big, one that is no SVG, and says when a location has no map", async () => {
    const big = `<svg xmlns="http://www.w3.org/2000/svg"><desc>${"x".repeat(5 * 1024 * 1024)}</desc></svg>`;
    const tooBig = await put(hall, "big.svg", big);
    expect([tooBig.status, tooBig.body.error.code]).toEqual([413, "map.fileTooLarge"]);
    for (
      const [name, content] of [["plan.png", "<svg/>"], ["plan.svg", "GIF89a not a drawing"], [
        "plan.svg",
        "<html><svg/></html>",
      ]]
    ) {
      const r = await put(hall, name, content);
      expect([r.status, r.body.error.code], name).toEqual([415, "file.typeNotAllowed"]);
    }
    // A picture's bytes sent as the text of a drawing: its control characters are refused as such.
    const binary = await put(hall, "plan.svg", "\x89PNG\r\n\x1a\n\x00\x00");
    expect([binary.status, binary.body.error.fields]).toEqual([400, {
      content: ["validation.forbiddenCharacter"],
    }]);
    const bare = await location(w, "HALL-2");
    const none = await w.api("GET", `/StorageSpace/${bare}/schema`);
    expect([none.status, none.body.error.code]).toEqual([404, "map.noMap"]);
    const patch = await put(bare, "plan.svg", "<svg/>", w.admin, "PATCH");
    expect([patch.status, patch.body.error.code]).toEqual([404, "map.noMap"]);
    expect((await w.api("GET", "/StorageSpace/999999/schema")).body.error.code).toBe(
      "record.notFoundOrNoPermission",
    );
  });

  it("refuses markup made to tie up the server at once, and keeps CSS and the root's style from reaching out", async () => {
    for (
      const [name, content] of [
        ["deep", "<svg>" + "<g>".repeat(4000) + "</svg>"],
        [
          "attributes",
          "<svg><rect " + Array.from({ length: 40000 }, (_, i) => `a${i}=""`).join(" ") + "/></svg>",
        ],
        ["elements", "<svg>" + "<g/>".repeat(1_200_000) + "</svg>"],
      ]
    ) {
      // Refused; how soon (within 5 s) is bounded by `deno task bench pathological`.
      const r = await put(hall, `${name}.svg`, content);
      expect([r.status, r.body.error.code], name).toEqual([415, "file.typeNotAllowed"]);
    }
    const reaching = [
      `<svg width="9" height="9" style="background-image:u\\rl(http://evil.example/x)"><rect width="1" height="1"/></svg>`,
      `<svg><rect style="fill:\\75 rl(http://evil.example/x#p)" mask="u\\rl(http://evil.example/m)" width="1" height="1"/></svg>`,
      `<svg><rect mask="image-set('http://evil.example/x' 1x)" style="mask-image:-webkit-image-set('http://evil.example/x' 1x)"/></svg>`,
      `<svg><rect style="cursor:image-set('http://evil.example/x' 1x),auto;border-image:cross-fade(url(#a), 'http://evil.example/y')"/></svg>`,
      `<svg width="100" height="100" style="position:fixed;left:0;top:0;width:100vw;height:100vh;z-index:2147483647"><text x="1" y="9">Session expired</text></svg>`,
    ];
    for (const content of reaching) {
      const r = await put(hall, "reach.svg", content);
      expect(r.status, content).toBe(201);
      expect(active(r.body.svg), content).toEqual([]);
      expect(r.body.svg).not.toContain("evil.example");
      expect(r.body.svg).not.toMatch(/position|z-index/);
    }
    // A part of the drawing used again stays; one from elsewhere loses its reference.
    const used = await put(
      hall,
      "use.svg",
      '<svg><defs><symbol id="s"><rect width="1" height="1"/></symbol></defs><use href="#s"/><use href="http://evil.example/y#s"/></svg>',
    );
    expect(used.body.svg).toContain('<use href="#s"></use>');
    expect(used.body.svg).not.toContain("evil.example");
  });

  it("is put by managers and read by staff; a replacement is logged with its version", async () => {
    const id = await location(w, "HALL-3");
    expect((await put(id, "a.svg", "<svg/>", basic)).status).toBe(404);
    expect((await put(id, "a.svg", '<svg viewBox="0 0 10 10"><rect width="5" height="5"/></svg>')).status)
      .toBe(201);
    const replaced = await put(
      id,
      "b.svg",
      '<svg viewBox="0 0 20 10"><rect width="9" height="5"/></svg>',
      w.admin,
      "PATCH",
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ fileName: "b.svg", viewBox: "0 0 20 10", version: 2 });
    expect((await w.api("GET", `/StorageSpace/${id}/schema`, undefined, basic)).body.fileName).toBe("b.svg");
    expect((await w.api("GET", `/StorageSpace/${id}/schema`, undefined, contractor)).status).toBe(403);
    const log = await w.query(
      "SELECT new_object FROM record_log WHERE resource_type = 'StorageSpace' AND resource_id = ? ORDER BY id",
      [id],
    );
    expect(log.map((r) => JSON.parse(String(r.new_object)).mapVersion).filter(Boolean)).toEqual([1, 2]);
  });
});

describe("the map's occupancy and the planner's placements", () => {
  it("weighs each rack's stock (its shelves' too) against its capacity, from the maintained weights", async () => {
    const floor = await location(w, "OCC-FLOOR");
    const rackA = await location(w, "OCC-A", {
      parentId: floor,
      capacityKg: 500,
      temperature: -18,
      cooled: true,
    });
    const shelf = await location(w, "OCC-A-1", { parentId: rackA });
    const rackB = await location(w, "OCC-B", { parentId: floor });
    await location(w, "OCC-B-1", { parentId: rackB, capacityKg: 100 });
    await location(w, "OCC-B-2", { parentId: rackB, capacityKg: 300 });
    const peas = await product(w, "OCC-PEAS", { weight: 2.5 });
    await receive(w, peas, shelf, 40); // 100 kg on a shelf of rack A
    await receive(w, peas, rackB, 10.5); // 26.25 kg on rack B itself
    const r = await w.api("GET", `/StorageSpace/${floor}/occupancy`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [a, b] = r.body.places;
    expect(a).toMatchObject({
      label: "OCC-A",
      capacityKg: 500,
      loadKg: 100,
      fullPercent: 20,
      temperature: -18,
    });
    // Rack B says no capacity: its shelves' 400 kg.
    expect(b).toMatchObject({ label: "OCC-B", capacityKg: 400, loadKg: 26.25, fullPercent: 6.6 });
    // A heavier product re-weighs the stock already there.
    const p = (await w.api("GET", `/Product/${peas}`)).body;
    const heavier = await w.api("PUT", "/Product", { ...p, weight: 5 });
    expect(heavier.status, JSON.stringify(heavier.body)).toBe(200);
    const again = (await w.api("GET", `/StorageSpace/${floor}/occupancy`)).body.places;
    expect([again[0].loadKg, again[1].loadKg]).toEqual([200, 52.5]);
    // A release takes its weight off.
    const out = await w.api("POST", "/WmsDocument", { typeCode: "IOU", sourceLocationId: shelf });
    await w.api("POST", "/WmsDocumentPosition", { documentId: out.body.id, productId: peas, quantity: 15 });
    expect((await w.api("POST", `/WmsDocument/${out.body.id}/confirm?acceptWarnings=true`)).status).toBe(200);
    expect((await w.api("GET", `/StorageSpace/${floor}/occupancy`)).body.places[0].loadKg).toBe(125);
    await assertStockEqualsLedger(w);
  });

  it("saves the planner's placements together, each with its version check; a stale one saves none", async () => {
    const floor = await location(w, "PLAN-FLOOR");
    const a = (await w.api("POST", "/StorageSpace", { label: "PLAN-A", parentId: floor })).body;
    const b = (await w.api("POST", "/StorageSpace", { label: "PLAN-B", parentId: floor })).body;
    const elsewhere = await location(w, "PLAN-ELSEWHERE");
    const place = (id: number, version: number, x: number) => ({
      id,
      version,
      coordinateX: x,
      coordinateY: 100,
      dimensionX: 250,
      dimensionY: 1200,
    });
    const saved = await w.api("PUT", `/StorageSpace/${floor}/placements`, {
      placements: [place(a.id, a.version, 100), place(b.id, b.version, 500)],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.places.map((p: Record<string, number>) => [p.coordinateX, p.dimensionY]))
      .toEqual([[100, 1200], [500, 1200]]);
    // B's version is old now: neither moves.
    const stale = await w.api("PUT", `/StorageSpace/${floor}/placements`, {
      placements: [place(a.id, a.version + 1, 900), place(b.id, b.version, 900)],
    });
    expect([stale.status, stale.body.error.code]).toEqual([409, "record.changedByAnotherUser"]);
    expect((await w.api("GET", `/StorageSpace/${a.id}`)).body.coordinateX).toBe(100);
    // Only the location's own children; a basic user may not place.
    const foreign = await w.api("PUT", `/StorageSpace/${floor}/placements`, {
      placements: [place(elsewhere, 1, 0)],
    });
    expect([foreign.status, foreign.body.error.fields]).toEqual([400, {
      placements: ["validation.invalidValue"],
    }]);
    const refused = await w.api("PUT", `/StorageSpace/${floor}/placements`, {
      placements: [place(a.id, a.version + 1, 0)],
    }, basic);
    expect(refused.status).toBe(404);
    expect((await w.api("GET", `/StorageSpace/${floor}/occupancy`, undefined, contractor)).status).toBe(403);
    const other = await startStockWorld("maps-other");
    try {
      expect((await other.api("GET", `/StorageSpace/${floor}/occupancy`)).status).toBe(404);
    } finally {
      other.s.close();
    }
  });

  it("refuses a receipt into a bin beyond its rack's capacity, counting what the rack carries (rackLoad: block)", async () => {
    const config = (await w.api("GET", "/ClientLogisticsConfig")).body;
    const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = config;
    const set = await w.api("PUT", "/ClientLogisticsConfig", {
      ...rest,
      rules: { ...rest.rules, rackLoad: "block" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // The rack says what it carries; the goods go into its bins.
    const rack = await location(w, "LOAD-RACK", { capacityKg: 50 });
    const bin1 = await location(w, "LOAD-RACK-1", { parentId: rack });
    const bin2 = await location(w, "LOAD-RACK-2", { parentId: rack });
    const drum = await product(w, "LOAD-DRUM", { weight: 10 });
    await receive(w, drum, bin1, 4); // 40 kg of the rack's 50
    const more = await w.api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: bin2 });
    await w.api("POST", "/WmsDocumentPosition", { documentId: more.body.id, productId: drum, quantity: 2 });
    const refused = await w.api("POST", `/WmsDocument/${more.body.id}/confirm?acceptWarnings=true`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error.issues.map((i: { code: string }) => i.code)).toEqual([
      "document.issue.rackOverloaded",
    ]);
    expect(refused.body.error.issues[0].message).toBe(
      "LOAD-RACK carries 40 kg of 50 kg; 20 kg more is too much.",
    );
    // One fits.
    const one = await w.api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: bin2 });
    await w.api("POST", "/WmsDocumentPosition", { documentId: one.body.id, productId: drum, quantity: 1 });
    expect((await w.api("POST", `/WmsDocument/${one.body.id}/confirm`)).status).toBe(200);
    await w.api("PUT", "/ClientLogisticsConfig", { ...rest, version: set.body.version, rules: rest.rules });
  });

  it("lists the locations that have a map", async () => {
    const plan = readFileSync(join(SVG, "floorplans", "floorplanner_home.svg"), "utf8");
    expect((await put(hall, "hall.svg", plan)).status).toBeLessThan(300);
    const list = await w.api("GET", "/StorageSpace/Maps");
    expect(list.body.map((m: { label: string }) => m.label)).toContain("HALL-1");
  });

  it("offers the map's picker every zone, each location in one and every mapped location, in tree order", async () => {
    const zone = await location(w, "MC-ZONE");
    const rack = await location(w, "MC-RACK", { parentId: zone });
    const shelf = await location(w, "MC-SHELF", { parentId: rack });
    const bin = await location(w, "MC-BIN", { parentId: shelf });
    const plan = readFileSync(join(SVG, "floorplans", "floorplanner_home.svg"), "utf8");
    expect((await put(shelf, "shelf.svg", plan)).status).toBeLessThan(300);
    const r = await w.api("GET", "/StorageSpace/MapChoices");
    expect(r.status).toBe(200);
    type Choice = {
      id: number;
      label: string;
      path: string;
      parentId: number | null;
      mapVersion: number | null;
    };
    const mine = (r.body as Choice[]).filter((c) => c.path.startsWith("MC-ZONE"));
    // The zone, the rack in it, the shelf that has a map; not the bin (deeper, and without one).
    expect(mine.map((c) => [c.path, c.parentId, c.mapVersion])).toEqual([
      ["MC-ZONE", null, null],
      ["MC-ZONE / MC-RACK", zone, null],
      ["MC-ZONE / MC-RACK / MC-SHELF", rack, 1],
    ]);
    expect((r.body as Choice[]).some((c) => c.id === bin)).toBe(false);
    // In the tree's order, the zones among them.
    const paths = (r.body as Choice[]).map((c) => c.path);
    expect(paths).toEqual([...paths].sort());
    expect((r.body as Choice[]).find((c) => c.label === "HALL-1")).toMatchObject({ parentId: null });
    // Staff only.
    expect((await w.api("GET", "/StorageSpace/MapChoices", undefined, basic)).status).toBe(200);
    expect((await w.api("GET", "/StorageSpace/MapChoices", undefined, contractor)).status).toBe(403);
  });
});
