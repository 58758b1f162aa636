// Statistics charts in a real browser against the real server: the group movements screen draws received
// and released quantities per day (uPlot on a canvas, loaded as its own chunk), narrows chart and table to
// one product group, and redraws in night mode's colours; the order charts screen ranks the products
// released most. Stock is made by confirming documents through the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  assertStockEqualsLedger,
  confirm,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { dateField, dateValue, launchBrowser, signedInPage, typeDate } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function release(productId: number, from: number, quantity: number) {
  const d = await draft(w, { typeCode: "IOU", sourceLocationId: from }, [{ productId, quantity }]);
  const r = await confirm(w, d.id, true);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

beforeAll(async () => {
  w = await startStockWorld("cht");
  const wh = await location(w, "WH-C");
  const dairy = await w.api("POST", "/ProductGroup", { name: "Dairy" });
  expect(dairy.status).toBe(201);
  const milk = await product(w, "MILK-C", { mainGroupId: dairy.body.id });
  const bolt = await product(w, "BOLT-C");
  const nail = await product(w, "NAIL-C");
  await receive(w, milk, wh, 6);
  await receive(w, bolt, wh, 4);
  await receive(w, nail, wh, 9);
  await release(milk, wh, 2);
  await release(bolt, wh, 1);
  await release(nail, wh, 3);
  await assertStockEqualsLedger(w);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

function open(path: string): Promise<Page> {
  return signedInPage(browser, w.s, contexts, "cht-admin", path, {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
}

/** How much of the chart's canvases is drawn, and a fingerprint of their pixels. */
function ink(page: Page, kind: "lines" | "bars") {
  return page.evaluate((k) => {
    let drawn = 0;
    let hash = 0;
    for (const c of document.querySelectorAll<HTMLCanvasElement>(`[data-chart="${k}"] canvas`)) {
      const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) continue;
        drawn++;
        hash = (hash * 31 + data[i] * 7 + data[i + 1] * 3 + data[i + 2] + i) >>> 0;
      }
    }
    return { drawn, hash };
  }, kind);
}

async function drawn(page: Page, kind: "lines" | "bars") {
  await page.waitForFunction(
    (k) => {
      const c = document.querySelector<HTMLCanvasElement>(`[data-chart="${k}"] canvas`);
      if (!c || !c.width) return false;
      const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
      return false;
    },
    kind,
  );
}

const today = () => new Date().toISOString().slice(0, 10);
/** A day in the one date format (shared/i18n/dates.ts): numeric, four-digit year. */
const short = (day: string) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" })
    .format(new Date(`${day}T00:00:00Z`));

describe("statistics charts", { timeout: 120_000 }, () => {
  it("group movements: a chart of received and released per day, narrowed to a group, in night mode's colours", async () => {
    const page = await open("/warehouse-product-group-movements");
    await drawn(page, "lines");
    const chart = page.locator('[data-chart="lines"]');
    const from = await dateValue(dateField(page, enUs["stock.dateFrom"]));
    expect(await chart.getAttribute("aria-label")).toBe(
      enUs["stock.chart.movements"].replace("{from}", short(from)).replace("{to}", short(today())),
    );
    const legend = await chart.locator(".u-legend").innerText();
    expect(legend).toContain(enUs["stock.series.in"]);
    expect(legend).toContain(enUs["stock.series.out"]);
    const table = page.getByRole("table", { name: enUs["route.warehouse-product-group-movements"] });
    const rows = async () =>
      (await table.locator("tbody tr").allInnerTexts()).map((r) => r.split("\t").slice(1).join("|")).sort();
    expect(await rows()).toEqual([`Dairy|6|2`, `${enUs["stock.noGroup"]}|13|4`]);
    const everything = await ink(page, "lines");
    expect(everything.drawn).toBeGreaterThan(500);

    // One group: the table and the chart keep only its figures.
    await page.getByRole("button", { name: new RegExp(enUs["stock.group"]) }).click();
    await page.getByRole("option", { name: "Dairy" }).click();
    await expect.poll(rows).toEqual(["Dairy|6|2"]);
    await drawn(page, "lines");
    await expect.poll(async () => (await ink(page, "lines")).hash).not.toBe(everything.hash);

    // Night mode's colours, and back.
    const light = await ink(page, "lines");
    await page.evaluate(() => (document.documentElement.dataset.theme = "dark"));
    await expect.poll(async () => (await ink(page, "lines")).hash).not.toBe(light.hash);
    await page.evaluate(() => delete document.documentElement.dataset.theme);
    await expect.poll(async () => (await ink(page, "lines")).hash).toBe(light.hash);
    await page.close();
  });

  it("order charts: the products released most this week, as bars and ranked in the table", async () => {
    const page = await open("/warehouse-order-charts");
    await drawn(page, "bars");
    const table = page.getByRole("table", { name: enUs["route.warehouse-order-charts"] });
    const ranked = (await table.locator("tbody tr").allInnerTexts()).map((r) => r.split("\t"));
    expect(ranked.map((r) => [r[0], r[1], r[3]])).toEqual([
      ["1", "NAIL-C", "3"],
      ["2", "MILK-C", "2"],
      ["3", "BOLT-C", "1"],
    ]);
    const from = await dateValue(dateField(page, enUs["stock.dateFrom"]));
    expect(Date.parse(today()) - Date.parse(from)).toBe(6 * 86_400_000);
    expect(await page.locator('[data-chart="bars"]').getAttribute("aria-label")).toBe(
      enUs["stock.chart.released"].replace("{count}", "3").replace("{from}", short(from)).replace(
        "{to}",
        short(today()),
      ),
    );
    // A week with no releases says so and draws nothing.
    await typeDate(dateField(page, enUs["stock.dateFrom"]), "2020-01-01");
    await typeDate(dateField(page, enUs["stock.dateTo"]), "2020-01-07");
    await page.getByText(enUs["stock.noReleases"]).waitFor();
    expect(await page.locator('[data-chart="bars"]').count()).toBe(0);
    await page.close();
  });

  it("group movements: no empty chart above the table, and the axis's numbers whole", async () => {
    // Thousands on the axis (10,000 and up), whose labels the axis must be wide enough for.
    await receive(w, await product(w, "FLOUR-C"), await location(w, "WH-C2"), 123_456);
    // The chart's chunk is held back until the table is checked (no service worker, so the page's own
    // request for it is the one held).
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const page = await signedInPage(browser, w.s, contexts, "cht-admin", "/", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
      serviceWorkers: "block",
    });
    await page.route("**/assets/*.js", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("u-legend")) await held;
      await route.fulfill({ response, body });
    });
    await page.goto(w.s.baseUrl + "/warehouse-product-group-movements", { waitUntil: "domcontentloaded" });
    const table = page.getByRole("table", { name: enUs["route.warehouse-product-group-movements"] });
    await table.locator("tbody tr").first().waitFor();
    // While the chart's code loads, the table stands right under the group's choice: no empty frame.
    const choice = await page.getByRole("button", { name: new RegExp(enUs["stock.group"]) }).boundingBox();
    const top = (await table.boundingBox())!.y;
    expect(top - (choice!.y + choice!.height)).toBeLessThan(60);
    expect(await page.locator("[data-chart]").count()).toBe(0);
    release();
    await drawn(page, "lines");

    // The y axis's labels are drawn whole: nothing is cut at the canvas's left edge.
    const leftEdge = await page.locator('[data-chart="lines"] canvas').first().evaluate(
      (c: HTMLCanvasElement) => {
        const data = c.getContext("2d")!.getImageData(0, 0, 3, c.height).data;
        let inked = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) inked++;
        return inked;
      },
    );
    expect(leftEdge).toBe(0);

    // A range being typed (here in the wrong order) keeps the chart of the rows shown, not an empty one.
    const before = await ink(page, "lines");
    const label = await page.locator('[data-chart="lines"]').getAttribute("aria-label");
    // (an end before the start at every keystroke: no range in between is asked for)
    await typeDate(dateField(page, enUs["stock.dateTo"]), "2020-01-01");
    await page.getByText(enUs["stock.badRange"]).waitFor();
    expect(await page.locator('[data-chart="lines"]').getAttribute("aria-label")).toBe(label);
    expect((await ink(page, "lines")).hash).toBe(before.hash);
    await page.close();
  });
});
