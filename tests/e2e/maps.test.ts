// The warehouse map in real Chromium (issue 17): a manager uploads a real floor plan that embeds a script
// (stored clean, nothing runs) and is refused a file that is no SVG, places two racks in the planner (a
// rectangle dragged on the plan, snapped; the other typed in centimetres), sees a rack turn from empty to
// nearly full when a receipt lands (live, over the hub), switches to the temperature colours, and opens the
// rack's stock.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../client/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let hall: number;
let rackA: number;
let rackB: number;
const PLAN = "/work/shared/testdata/svg/floorplans/floorplanner_home.svg";

beforeAll(async () => {
  w = await startStockWorld("maps-e2e");
  hall = await location(w, "HALL");
  rackA = await location(w, "RACK-A", { parentId: hall, capacityKg: 100, temperature: -20, cooled: true });
  rackB = await location(w, "RACK-B", { parentId: hall, capacityKg: 1000 });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

const open = () =>
  signedInPage(browser, w.s, contexts, "maps-e2e-admin", "/warehouse-map", {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });

/** A point of the drawing (its viewBox 0 0 1024 768) on the page. */
async function at(page: Page, x: number, y: number) {
  const box = (await page.locator("[data-overlay]").boundingBox())!;
  return { x: box.x + (x / 1024) * box.width, y: box.y + (y / 768) * box.height };
}

describe("the warehouse map", () => {
  it("uploads a plan clean, places racks, colours them by load and temperature, and opens their stock", async () => {
    const page = await open();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      d.dismiss();
    });
    await page.getByText(enUs["map.noneYetUpload"]).waitFor();
    await page.getByRole("button", { name: enUs["map.upload"] }).click();
    const upload = page.getByRole("dialog");
    await upload.getByRole("combobox", { name: enUs["map.location"] }).fill("HALL");
    await page.getByRole("option", { name: "HALL", exact: true }).click();
    // A picture is no map: refused, in the user's language.
    await upload.locator('input[name="mapFile"]').setInputFiles({
      name: "plan.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a drawing"),
    });
    await upload.getByRole("button", { name: enUs["map.uploadSend"] }).click();
    await upload.getByText(enUs["apiError.file.typeNotAllowed"]).waitFor();
    // The real plan with its script: stored without it, and drawn.
    await upload.locator('input[name="mapFile"]').setInputFiles(PLAN);
    await upload.getByRole("button", { name: enUs["map.uploadSend"] }).click();
    await upload.waitFor({ state: "detached" });
    await page.getByRole("img", { name: enUs["map.drawing"] }).waitFor();
    const stored = (await w.api("GET", `/StorageSpace/${hall}/schema`)).body.svg as string;
    expect(stored).not.toMatch(/<script/i);
    expect(readFileSync(PLAN, "utf8")).toMatch(/<script/i);
    await page.getByText(enUs["map.unplaced"].replace("{labels}", "RACK-A, RACK-B")).waitFor();

    // The planner: RACK-A dragged from (100,100) to (300,200) on the drawing, RACK-B typed.
    await page.getByRole("button", { name: enUs["map.planner.open"] }).click();
    await page.getByRole("option", { name: /RACK-A/ }).click();
    const from = await at(page, 100, 100), to = await at(page, 300, 200);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await page.getByRole("option", { name: /RACK-B/ }).click();
    for (
      const [label, value] of [["map.planner.x", "500"], ["map.planner.y", "100"], ["map.planner.w", "200"], [
        "map.planner.h",
        "300",
      ]] as const
    ) {
      const field = page.getByRole("textbox", { name: enUs[label] });
      await field.fill(value);
      await field.press("Tab");
    }
    await page.getByRole("button", { name: enUs["map.planner.save"] }).click();
    await page.getByRole("button", { name: enUs["map.planner.open"] }).waitFor();
    // 1 unit of the drawing is 1 cm (no bounds set); north is up; the grid is 50 cm.
    const a = (await w.api("GET", `/StorageSpace/${rackA}`)).body;
    expect([a.coordinateX, a.coordinateY, a.dimensionX, a.dimensionY]).toEqual([100, 550, 200, 100]);
    const b = (await w.api("GET", `/StorageSpace/${rackB}`)).body;
    expect([b.coordinateX, b.coordinateY, b.dimensionX, b.dimensionY]).toEqual([500, 100, 200, 300]);

    // Occupancy: empty, then 90 kg of its 100 after a receipt, live.
    const rack = page.locator('[data-place="RACK-A"]');
    await expect.poll(() => rack.getAttribute("data-fullness")).toBe("empty");
    const ice = await product(w, "MAP-ICE", { weight: 10 });
    await receive(w, ice, rackA, 9);
    await expect.poll(() => rack.getAttribute("data-fullness"), { timeout: 10_000 }).toBe("high");
    expect(await rack.getAttribute("aria-label")).toContain("90");
    expect(await page.locator('[data-place="RACK-B"]').getAttribute("data-fullness")).toBe("empty");
    // Temperature colours.
    await page.getByRole("button", { name: new RegExp(enUs["map.colouring"]) }).click();
    await page.getByRole("option", { name: enUs["map.colouring.climate"], exact: true }).click();
    await expect.poll(() => rack.getAttribute("data-climate")).toBe("frozen");
    // A click opens the rack's stock.
    await rack.click();
    await page.getByRole("dialog").getByRole("row", { name: /MAP-ICE/ }).waitFor();
    expect(await page.getByRole("dialog").getByRole("row", { name: /MAP-ICE/ }).innerText()).toContain("9");
    expect(dialogs).toEqual([]);
  });
});
