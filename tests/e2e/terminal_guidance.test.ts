// The terminal says where to take and put goods, and never throws (issue 31, items 5 and 14), on a phone
// (390×844, touch) in real Chromium against the real server. A receipt reaches its put-away step with the
// server's suggestions shown and no page error; the lot step reads a date typed into the scan field in the
// user's format (and ISO, and GS1's YYMMDD), refuses text that is no date, and never says the lot was
// noted while it stays. A release shows each position's FEFO source (bin, quantity to take, expiry in the
// user's format), several lines when one bin is not enough, what orders reserved left out; the operator
// takes from two bins for one position, and the stock leaves from where it was said. Offline, the lines
// already loaded stay, and a position whose source cannot be known says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  assertReservationsHold,
  assertStockEqualsLedger,
  daysAhead,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  stockAt,
  type StockWorld,
  yymmdd,
} from "../integration/stock/fixture.ts";
import { addUser } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, waitForServiceWorker } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { deDe } from "../../shared/i18n/de_de.ts";
import { translator } from "../../shared/i18n/mod.ts";
import { formatDay } from "../../shared/list/format.ts";

const PHONE = { width: 390, height: 844 };
const en = translator("en-us");
const de = translator("de-de");
// Days from today, so that no lot is expired or close to it whenever this runs.
const [soon, later, latest] = [daysAhead(120), daysAhead(150), daysAhead(180)];
/** As an American types a day (12/15/2027), a German (15.12.2027), and a GS1 label writes it (271215). */
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8)}/${iso.slice(0, 4)}`;
const dots = (iso: string) => `${iso.slice(8)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
/** The example of the format the lot step gives: this year's last day, as the user's language writes it. */
const example = (t = en) => formatDay(t, `${new Date().getFullYear()}-12-31`);

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];
let dock: number;
let f1: number;
let f2: number;
let f3: number;
let milk: number;
let cheese: number;
let hake: number;
let meter: number;
let freezer: number;

beforeAll(async () => {
  w = await startStockWorld("tguide");
  dock = await location(w, "DOCK-G");
  freezer = await location(w, "FREEZER-G");
  f1 = await location(w, "F-01", { parentId: freezer, pickupOrder: 10 });
  f2 = await location(w, "F-02", { parentId: freezer, pickupOrder: 20 });
  f3 = await location(w, "F-03", { parentId: freezer, pickupOrder: 30 });
  milk = await product(w, "MILK-G", { barcodes: ["5901234123457"], expiryDateRequired: true });
  cheese = await product(w, "CHEESE-G", { productionDateRequired: true, defaultLocationId: dock });
  hake = await product(w, "HAKE-G", { name: "Cape hake fillets", barcodes: ["4006381333931"] });
  meter = await product(w, "METER-G", { serialNumberRequired: true });
  // F-02's lot expires first, F-01's next, F-03's last.
  await receive(w, hake, f1, 30, { expiryDate: daysAhead(100) });
  await receive(w, hake, f2, 20, { expiryDate: daysAhead(60) });
  await receive(w, hake, f3, 40, { expiryDate: daysAhead(200) });
  await addUser(w.s, w.admin, { username: "guide-op", terminalEnabled: true });
  await addUser(w.s, w.admin, { username: "guide-de", terminalEnabled: true, defaultLanguage: "de-de" });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await assertStockEqualsLedger(w);
  await assertReservationsHold(w);
  await w?.s.close();
});

async function phone(path: string, username = "guide-op", locale = "en-US"): Promise<Page> {
  const page = await signedInPage(browser, w.s, contexts, username, path, {
    viewport: PHONE,
    mobile: true,
    locale,
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    // The terminal as operators run it: with the app's service worker, which keeps it offline.
    serviceWorkers: "allow",
  });
  // Every exception the page does not catch, a rejected promise nobody handles included.
  page.on("pageerror", (e) => errors.push(`${path}: ${e.message}`));
  return page;
}

const prompt = (page: Page) => page.getByTestId("terminal-prompt");
const say = (page: Page) => page.getByTestId("terminal-say");

/** Typed into the scan field and sent with Enter, as an operator with the keyboard open does. */
async function type(page: Page, text: string): Promise<void> {
  const field = page.getByTestId("terminal-scan");
  await field.fill(text);
  await field.press("Enter");
}

async function waitPrompt(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => prompt(page).innerText(), { timeout: 15_000 })[
    typeof text === "string" ? "toBe" : "toMatch"
  ](text);
}

const fill = (
  catalogue: Record<string, string>,
  key: keyof typeof enUs,
  params: Record<string, string | number>,
) => (catalogue[key] as string).replace(/\{(\w+)\}/g, (_m, k) => String(params[k]));

async function quantity(page: Page, value: number): Promise<void> {
  const field = page.getByTestId("terminal-quantity");
  await field.fill(String(value));
  await field.press("Enter");
}

async function queueEmpty(page: Page, catalogue: Record<string, string> = enUs): Promise<void> {
  await expect.poll(() => page.getByTestId("terminal-queue").innerText(), { timeout: 20_000 })
    .toBe(fill(catalogue, "terminal.queued#other", { count: 0 }));
}

const lineAt = async (productId: number, locationId: number, column: string, value: string) =>
  Number(
    (await w.query(
      `SELECT coalesce(sum(quantity), 0) AS q FROM stock_lines WHERE product_id = ? AND location_id = ? AND ${column} = ?`,
      [productId, locationId, value],
    ))[0].q,
  ) / 1000;

describe("a receipt on a phone", () => {
  it(
    "reaches put-away with suggestions and no page error; a date typed at the lot step is the lot",
    async () => {
      const page = await phone("/wms-terminal-in");
      await page.getByTestId("terminal-new").click();
      await waitPrompt(page, enUs["terminal.prompt.product"]);
      await type(page, "5901234123457");
      await quantity(page, 6);
      await waitPrompt(page, fill(enUs, "terminal.prompt.lot", { product: "MILK-G" }));
      // The OK button with nothing entered: told what is missing, never that the lot was noted.
      await page.getByTestId("terminal-lot-ok").click();
      await expect.poll(() => say(page).innerText()).toBe(
        fill(enUs, "terminal.lotMissing", { field: enUs["terminal.lot.expiryDate"] }),
      );
      expect(await say(page).getAttribute("role")).toBe("alert");
      // Text that is no date is refused, naming the format to type.
      await type(page, "13/45/2026");
      await expect.poll(() => say(page).innerText()).toBe(
        fill(enUs, "terminal.notADate", { text: "13/45/2026", example: example() }),
      );
      await waitPrompt(page, fill(enUs, "terminal.prompt.lot", { product: "MILK-G" }));
      // The date in the user's format, typed into the scan field: the expiry date, and on to put-away.
      const suggestionsAnswered = page.waitForResponse((r) =>
        r.url().includes("/WmsInventory/locationsuggestin")
      );
      await type(page, us(soon));
      await expect.poll(() => say(page).innerText()).toBe(
        fill(enUs, "terminal.lotEntered", {
          field: enUs["terminal.lot.expiryDate"],
          value: formatDay(en, soon),
        }),
      );
      await waitPrompt(page, /^Put away: scan/);
      // The server's put-away suggestions are shown (F-0x hold nothing of milk: free places, by walk).
      const suggested = page.getByRole("region", { name: enUs["terminal.suggestions"] });
      await suggestionsAnswered;
      // The answer is taken without an exception, and shown.
      await expect.poll(async () => ({ errors, shown: await suggested.getByRole("listitem").count() > 0 }))
        .toEqual({ errors: [], shown: true });
      const first = (await suggested.getByRole("listitem").first().innerText()).split("\n")[0];
      await waitPrompt(page, fill(enUs, "terminal.prompt.putAt", { location: first }));
      await type(page, "DOCK-G");
      await expect.poll(() => say(page).innerText()).toBe(
        fill(enUs, "terminal.put", { product: "MILK-G", quantity: 6, location: "DOCK-G" }),
      );
      // The same again with an ISO date and a GS1 date (YYMMDD).
      await type(page, "5901234123457");
      await quantity(page, 2);
      await type(page, later);
      await waitPrompt(page, /^Put away: scan/);
      await type(page, "DOCK-G");
      await type(page, "5901234123457");
      await quantity(page, 3);
      await type(page, yymmdd(latest));
      await waitPrompt(page, /^Put away: scan/);
      await type(page, "DOCK-G");
      // A serial number: whatever the label says, but not a code that names a location.
      await type(page, "METER-G");
      await quantity(page, 1);
      await waitPrompt(page, fill(enUs, "terminal.prompt.lot", { product: "METER-G" }));
      await type(page, "DOCK-G");
      await expect.poll(() => say(page).getAttribute("role")).toBe("alert");
      await type(page, "SN-0001");
      await expect.poll(() => say(page).innerText()).toBe(
        fill(enUs, "terminal.lotEntered", { field: enUs["terminal.lot.serialNumber"], value: "SN-0001" }),
      );
      await waitPrompt(page, /^Put away: scan/);
      await type(page, "DOCK-G");
      await page.getByTestId("terminal-finish").click();
      await queueEmpty(page);
      // The queue may read 0 before the finish is queued: the receipt's confirmation is waited for itself.
      await expect.poll(() => lineAt(milk, dock, "expiry_date", soon), { timeout: 20_000 }).toBe(6);
      expect(await lineAt(milk, dock, "expiry_date", later)).toBe(2);
      expect(await lineAt(milk, dock, "expiry_date", latest)).toBe(3);
      expect(await lineAt(meter, dock, "serial_number", "SN-0001")).toBe(1);
      expect(errors).toEqual([]);
    },
    60_000,
  );

  it("reads a German operator's date as day.month.year", async () => {
    const page = await phone("/wms-terminal-in", "guide-de", "de-DE");
    await page.getByTestId("terminal-new").click();
    await waitPrompt(page, deDe["terminal.prompt.product"]);
    await type(page, "CHEESE-G");
    await quantity(page, 4);
    await waitPrompt(page, fill(deDe, "terminal.prompt.lot", { product: "CHEESE-G" }));
    const made = daysAhead(-3);
    await type(page, dots(made));
    await expect.poll(() => say(page).innerText()).toBe(
      fill(deDe, "terminal.lotEntered", {
        field: deDe["terminal.lot.productionDate"],
        value: formatDay(de, made),
      }),
    );
    // Its own location is suggested first.
    await waitPrompt(page, fill(deDe, "terminal.prompt.putAt", { location: "DOCK-G" }));
    await type(page, "DOCK-G");
    await page.getByTestId("terminal-finish").click();
    await queueEmpty(page, deDe);
    await expect.poll(() => lineAt(cheese, dock, "production_date", made)).toBe(4);
    expect(errors).toEqual([]);
  });
});

/** The lines of the "where to take it" card, as the operator reads them. */
const takes = (page: Page) => page.getByTestId("terminal-take").getByRole("listitem").allInnerTexts();
const take = (quantity: number, bin: string, expiry: string) =>
  fill(enUs, "terminal.takeLot", { quantity, location: bin, date: formatDay(en, expiry) });

describe("a release on a phone", () => {
  it(
    "says where to take each position, FEFO over free stock, from several bins, and another bin with a warning",
    async () => {
      // An order reserves F-02's first 10 (its lot expires first): its document names that very line.
      const order = await w.api("POST", "/WmsOrder", { typeCode: "OOU", sourceLocationId: freezer });
      await w.api("POST", "/WmsOrderPosition", { orderId: order.body.id, productId: hake, quantity: 10 });
      const confirmed = await w.api("POST", `/WmsOrder/${order.body.id}/confirm?generateDocuments=true`);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const [ordered] = await w.query("SELECT document_number FROM wms_documents WHERE order_id = ?", [
        order.body.id,
      ]);
      // A release made in the office: 25 from the freezer, no bin named.
      const made = await draft(w, { typeCode: "IOU", sourceLocationId: freezer }, [{
        productId: hake,
        quantity: 25,
      }]);
      const [doc] = await w.query("SELECT document_number FROM wms_documents WHERE id = ?", [made.id]);

      const page = await phone("/wms-terminal-out");
      // The order's document: its reserved line, said as such.
      await page.getByTestId("terminal-task").filter({ hasText: String(ordered.document_number) }).click();
      await waitPrompt(page, fill(enUs, "terminal.prompt.locationAt", { location: "F-02" }));
      expect(await takes(page)).toEqual([take(10, "F-02", daysAhead(60))]);
      await page.getByRole("button", { name: enUs["terminal.leave"] }).click();

      // The office's release: F-02's other 10 (free), then 15 of F-01's later lot; F-03's last lot not needed.
      await page.getByTestId("terminal-task").filter({ hasText: String(doc.document_number) }).click();
      await waitPrompt(page, fill(enUs, "terminal.prompt.locationAt", { location: "F-02" }));
      await expect.poll(() => takes(page)).toEqual([
        take(10, "F-02", daysAhead(60)),
        take(15, "F-01", daysAhead(100)),
      ]);
      // Dates as the user writes them, never as ISO.
      expect((await takes(page)).join(" ")).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      await type(page, "F-02");
      await type(page, "4006381333931");
      // The quantity proposed is what FEFO takes at this bin.
      expect(await page.getByTestId("terminal-quantity").inputValue()).toBe("10");
      await page.getByTestId("terminal-quantity").press("Enter");
      await expect.poll(() => say(page).innerText()).toBe(
        fill(enUs, "terminal.taken", { product: "HAKE-G", quantity: 10 }),
      );
      // The rest of the same position: from the next bin.
      await waitPrompt(page, fill(enUs, "terminal.prompt.locationAt", { location: "F-01" }));
      await expect.poll(() => takes(page)).toEqual([take(15, "F-01", daysAhead(100))]);
      // Another bin of the zone than suggested: allowed (the server allows it), and said.
      await type(page, "F-03");
      await expect.poll(() => say(page).innerText()).toBe(
        fill(enUs, "terminal.notSuggested", { location: "F-03", suggested: "F-01" }),
      );
      expect(await say(page).getAttribute("data-kind")).toBe("warn");
      await waitPrompt(page, fill(enUs, "terminal.prompt.productOf", { product: "HAKE-G" }));
      await type(page, "4006381333931");
      expect(await page.getByTestId("terminal-quantity").inputValue()).toBe("15");
      await page.getByTestId("terminal-quantity").press("Enter");
      await waitPrompt(page, enUs["terminal.prompt.allDone"]);
      await page.getByTestId("terminal-finish").click();
      await queueEmpty(page);
      await expect.poll(async () =>
        (await w.query("SELECT status_code FROM wms_documents WHERE id = ?", [made.id]))[0].status_code
      ).toBe("confirmed");
      // 10 left F-02 (its other 10 stay reserved for the order), 15 left F-03, nothing F-01.
      expect([await stockAt(w, hake, f2), await stockAt(w, hake, f1), await stockAt(w, hake, f3)]).toEqual([
        10,
        30,
        25,
      ]);
      expect(errors).toEqual([]);
    },
    60_000,
  );

  it("starts a release from the product, and says offline what it knows and what it cannot", async () => {
    const page = await phone("/wms-terminal-out");
    await page.getByTestId("terminal-new").click();
    await waitPrompt(page, enUs["terminal.prompt.productOrLocation"]);
    await type(page, "HAKE-G");
    await quantity(page, 4);
    // F-02's free stock is gone (what is left there is the order's): F-01's lot is next.
    await waitPrompt(page, fill(enUs, "terminal.prompt.locationAt", { location: "F-01" }));
    await expect.poll(() => takes(page)).toEqual([take(4, "F-01", daysAhead(100))]);
    await type(page, "F-01");
    await expect.poll(() => say(page).innerText()).toBe(
      fill(enUs, "terminal.taken", { product: "HAKE-G", quantity: 4 }),
    );
    await page.getByTestId("terminal-finish").click();
    await queueEmpty(page);
    await expect.poll(() => stockAt(w, hake, f1)).toBe(26);

    // A release opened online keeps saying where to take it once the network is gone, the page reloaded.
    const made = await draft(w, { typeCode: "IOU", sourceLocationId: freezer }, [{
      productId: hake,
      quantity: 5,
    }]);
    const [doc] = await w.query("SELECT document_number FROM wms_documents WHERE id = ?", [made.id]);
    await page.getByTestId("terminal-task").filter({ hasText: String(doc.document_number) }).click();
    await expect.poll(() => takes(page)).toEqual([take(5, "F-01", daysAhead(100))]);
    await waitForServiceWorker(page);
    // Once the service worker serves the page, the page is kept by it (network first) for offline use.
    await page.reload();
    await expect.poll(() => takes(page)).toEqual([take(5, "F-01", daysAhead(100))]);
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId("terminal-online").innerText(), { timeout: 20_000 }).toBe(
      enUs["terminal.offline"],
    );
    await waitPrompt(page, fill(enUs, "terminal.prompt.locationAt", { location: "F-01" }));
    expect(await takes(page)).toEqual([take(5, "F-01", daysAhead(100))]);
    // A product no line was read for: it cannot be known offline, and the operator is told so.
    await page.getByRole("button", { name: enUs["terminal.leave"] }).click();
    await page.getByTestId("terminal-new").click();
    await type(page, "HAKE-G");
    await quantity(page, 2);
    await waitPrompt(page, fill(enUs, "terminal.prompt.locationOf", { product: "HAKE-G" }));
    expect(await page.getByTestId("terminal-take").innerText()).toContain(enUs["terminal.takeUnknown"]);
    await page.getByRole("button", { name: enUs["terminal.leave"] }).click();
    await page.context().setOffline(false);
    expect(errors).toEqual([]);
  }, 120_000);
});
