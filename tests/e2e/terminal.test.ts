// The terminal in real Chromium on a phone (issue 15), against the real server: a whole receipt by
// scanner gun (keystrokes typed fast, into the scan field and anywhere on the screen, a GS1 label filling
// quantity and expiry); a whole release of an order's document in walking order, a wrong location refused
// big and red, a second operator seeing the progress live, a shortage reported; a receipt made offline and
// sent once when the network is back, its queue replayed by force without a second movement; a conflict
// on sync listed for the operator; the camera path with Chromium's fake camera playing a photo of a
// barcode from ../shared/testdata; and an axe scan of the five screens in both themes. Stock is read from
// the tenant's database.
import { scratchDir } from "../fixtures/scratch.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import {
  assertReservationsHold,
  assertStockEqualsLedger,
  daysAhead,
  location,
  product,
  receive,
  startStockWorld,
  stockAt,
  type StockWorld,
  yymmdd,
} from "../integration/stock/fixture.ts";
import { addUser } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, type SignedInPageOptions, waitForServiceWorker } from "./browser.ts";
import { y4mFromPhoto } from "./fake_camera.ts";
import { scan } from "./axe.ts";
import { decodeFrame } from "../../client/features/terminal/decoder.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

const PHONE = { width: 390, height: 844 };

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let zone: number;
let a1: number;
let a2: number;
let dock: number;
let milk: number;
let jam: number;

beforeAll(async () => {
  w = await startStockWorld("term");
  zone = await location(w, "ZONE-T");
  a1 = await location(w, "A-01", { parentId: zone, pickupOrder: 20 });
  a2 = await location(w, "A-02", { parentId: zone, pickupOrder: 10 });
  dock = await location(w, "DOCK-T");
  await location(w, "PACK-T");
  milk = await product(w, "MILK-T", { barcodes: ["5901234123457"], expiryDateRequired: true });
  jam = await product(w, "JAM-T", { barcodes: ["4006381333931"] });
  await receive(w, jam, a1, 5);
  await receive(w, jam, a2, 5);
  for (const username of ["term-op", "term-op2"]) {
    await addUser(w.s, w.admin, { username, terminalEnabled: true });
  }
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await assertStockEqualsLedger(w);
  await assertReservationsHold(w);
  await w?.s.close();
});

// A test's own bound (up to 150 s where it is longer than the suite's 60) is a guard against a hang, not a wait:
// every step waits for a state. The offline receipt (a service worker installed, three reloads, a replay)
// and the axe scan of five screens in two themes took 30 s on CI's machine while it ran 3.5 times slow.
function phone(
  path: string,
  username = "term-op",
  b = browser,
  more: Partial<SignedInPageOptions> = {},
): Promise<Page> {
  return signedInPage(b, w.s, contexts, username, path, {
    viewport: PHONE,
    mobile: true,
    bypassCSP: true,
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    // The terminal as operators run it: with the app's service worker, which keeps it offline.
    serviceWorkers: "allow",
    ...more,
  });
}

/** The terminal holds its products, locations and containers (what it scans against offline). */
async function dataReady(page: Page): Promise<void> {
  await page.locator('[data-testid="terminal"][data-ready="true"]').waitFor();
}

const prompt = (page: Page) => page.getByTestId("terminal-prompt");
const say = (page: Page) => page.getByTestId("terminal-say");

/** A scanner gun: the code typed as fast as keys go, then Enter, into whatever has the focus. */
/**
 * A scanner gun: its keys (and Enter) as one burst of real key events, all sent to the browser at once as a
 * gun's USB keyboard sends them. (Typed one awaited key at a time, a test runner slowed by the rest of the
 * suite spaced them past a gun's pace, and the burst read as typing.)
 */
async function gun(page: Page, code: string, anywhere = false): Promise<void> {
  if (anywhere) {
    // Not into the scan field: the wedge reader takes the burst from anywhere on the screen.
    await prompt(page).click();
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe("terminal-scan");
  } else await page.getByTestId("terminal-scan").focus();
  const cdp = await page.context().newCDPSession(page);
  try {
    const keys = [...code].map((c) => ({ key: c, text: c })).concat([{ key: "Enter", text: "\r" }]);
    // Each key stamped with when the gun sent it, 2 ms apart (as the system stamps a gun's keys), not with
    // when a loaded browser got round to the command: the page tells a burst from typing by these times.
    const start = Date.now() / 1000 - keys.length * 0.002;
    await Promise.all(keys.flatMap(({ key, text }, i) => [
      cdp.send("Input.dispatchKeyEvent", {
        type: "keyDown",
        key,
        text,
        timestamp: start + i * 0.002,
        ...(key === "Enter" ? { code: "Enter", windowsVirtualKeyCode: 13 } : {}),
      }),
      cdp.send("Input.dispatchKeyEvent", { type: "keyUp", key, timestamp: start + i * 0.002 + 0.001 }),
    ]));
  } finally {
    await cdp.detach();
  }
}

async function waitPrompt(page: Page, text: string): Promise<void> {
  await expect.poll(() => prompt(page).innerText(), { timeout: 15_000 }).toBe(text);
}

const fill = (key: keyof typeof enUs, params: Record<string, string | number>) =>
  (enUs[key] as string).replace(/\{(\w+)\}/g, (_m, k) => String(params[k]));

async function queueEmpty(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("terminal-queue").innerText(), { timeout: 20_000 })
    .toBe(fill("terminal.queued#other", { count: 0 }));
}

async function quantity(page: Page, value: number): Promise<void> {
  const field = page.getByTestId("terminal-quantity");
  await field.fill(String(value));
  await field.press("Enter");
}

const confirmedOf = async (type: string) =>
  Number(
    (await w.query(
      "SELECT count(*) AS n FROM wms_documents WHERE type_code = ? AND status_code = 'confirmed'",
      [type],
    ))[0].n,
  );

const lineAt = async (productId: number, locationId: number, expiry: string | null) =>
  Number(
    (await w.query(
      "SELECT coalesce(sum(quantity), 0) AS q FROM stock_lines WHERE product_id = ? AND location_id = ? AND expiry_date IS ?",
      [productId, locationId, expiry],
    ))[0].q,
  ) / 1000;

// Bounds against a hang, not measures: on a loaded 2-core machine these tests took up to about 25 s.
describe("the terminal on a phone", { timeout: 90_000 }, () => {
  it("receives a whole receipt by scanner gun, a GS1 label filling quantity and expiry", async () => {
    const page = await phone("/wms-terminal-in");
    const before = await confirmedOf("IIN");
    // The lots' expiry dates from today; the carton label carries the second as AI 17 (YYMMDD).
    const [typedLot, labelLot] = [daysAhead(400), daysAhead(430)];
    await page.getByTestId("terminal-new").click();
    await waitPrompt(page, enUs["terminal.prompt.product"]);
    await gun(page, "5901234123457");
    await waitPrompt(page, fill("terminal.prompt.quantity", { product: "MILK-T" }));
    await quantity(page, 6);
    // The product asks for an expiry date.
    await waitPrompt(page, fill("terminal.prompt.lot", { product: "MILK-T" }));
    await page.getByTestId("terminal-expiryDate").fill(typedLot);
    await page.getByRole("button", { name: enUs["terminal.ok"], exact: true }).click();
    await expect.poll(() => prompt(page).innerText()).toMatch(/^Put away: scan/);
    await gun(page, "A-01");
    await expect.poll(() => say(page).innerText()).toBe(
      fill("terminal.put", { product: "MILK-T", quantity: 6, location: "A-01" }),
    );
    // A carton's GS1-128 label, read anywhere on the screen: its count and expiry need no typing.
    await gun(page, `]C1010590123412345717${yymmdd(labelLot)}3004`, true);
    await expect.poll(() => prompt(page).innerText()).toMatch(/^Put away: scan/);
    await gun(page, "A-02", true);
    await expect.poll(() => say(page).innerText()).toBe(
      fill("terminal.put", { product: "MILK-T", quantity: 4, location: "A-02" }),
    );
    // A product made after the terminal loaded its data: asked of the server when scanned.
    const late = await product(w, "LATE-T", { barcodes: ["4006381333948"] });
    await gun(page, "4006381333948");
    await waitPrompt(page, fill("terminal.prompt.quantity", { product: "LATE-T" }));
    await quantity(page, 1);
    await gun(page, "A-01");
    await expect.poll(() => say(page).innerText()).toBe(
      fill("terminal.put", { product: "LATE-T", quantity: 1, location: "A-01" }),
    );
    await page.getByTestId("terminal-finish").click();
    await queueEmpty(page);
    await expect.poll(() => confirmedOf("IIN")).toBe(before + 1);
    expect([await lineAt(milk, a1, typedLot), await lineAt(milk, a2, labelLot)]).toEqual([6, 4]);
    expect(await stockAt(w, late, a1)).toBe(1);
    await waitPrompt(page, enUs["terminal.prompt.document"]);
    // The file's first page (the server's first rendering, the terminal's data) and a dozen scans, each
    // waited for: past 30 s on a loaded machine, as the guided receipt (terminal_guidance.test.ts).
  }, 120_000);

  it(
    "releases an order's document in walking order, refusing a wrong location, live for a second operator",
    async () => {
      const order = await w.api("POST", "/WmsOrder", { typeCode: "OOU", sourceLocationId: zone });
      await w.api("POST", "/WmsOrderPosition", { orderId: order.body.id, productId: jam, quantity: 7 });
      const confirmed = await w.api("POST", `/WmsOrder/${order.body.id}/confirm?generateDocuments=true`);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const [doc] = await w.query("SELECT id, document_number FROM wms_documents WHERE order_id = ?", [
        order.body.id,
      ]);
      const number = String(doc.document_number);

      const [one, two] = [await phone("/wms-terminal-out"), await phone("/wms-terminal-out", "term-op2")];
      for (const page of [one, two]) {
        await page.getByTestId("terminal-task").filter({ hasText: number }).click();
      }
      // FEFO took 5 from A-01 and 2 from A-02; the walk goes to A-02 first (its pickup order is lower).
      await waitPrompt(one, fill("terminal.prompt.locationAt", { location: "A-02" }));
      await gun(one, "A-01");
      await expect.poll(() => say(one).innerText()).toBe(
        fill("apiError.document.issue.wrongLocation", { location: "A-01", expected: "A-02" }),
      );
      expect(await say(one).getAttribute("role")).toBe("alert");
      await gun(one, "A-02");
      await waitPrompt(one, fill("terminal.prompt.productOf", { product: "JAM-T" }));
      await gun(one, "4006381333931");
      await quantity(one, 2);
      // Not finished while something is left: picked, or reported missing.
      expect(await one.getByTestId("terminal-finish").isDisabled()).toBe(true);
      // The other operator sees it done, and the walk goes on to A-01 for both.
      await waitPrompt(two, fill("terminal.prompt.locationAt", { location: "A-01" }));
      await waitPrompt(one, fill("terminal.prompt.locationAt", { location: "A-01" }));
      await gun(one, "A-01");
      await gun(one, "4006381333931");
      await quantity(one, 4);
      // The fifth unit is not there: reported, not skipped.
      await one.getByTestId("terminal-shortage").click();
      await expect.poll(() => say(one).innerText()).toBe(
        fill("terminal.shortReported", { product: "JAM-T", quantity: 1 }),
      );
      await one.getByTestId("terminal-finish").click();
      await queueEmpty(one);
      await expect.poll(async () =>
        (await w.query("SELECT status_code FROM wms_documents WHERE id = ?", [doc.id]))[0].status_code
      ).toBe("confirmed");
      expect([await stockAt(w, jam, a2), await stockAt(w, jam, a1)]).toEqual([3, 1]);
      expect((await w.api("GET", `/WmsOrder/${order.body.id}`)).body.processStatusCode).toBe("doneConfirmed");
    },
    60_000,
  );

  it("keeps receiving offline and sends it once when back; a forced replay moves nothing again", async () => {
    const page = await phone("/wms-terminal-in");
    await waitPrompt(page, enUs["terminal.prompt.document"]);
    // The service worker has the app and the startup configuration before the network goes.
    await waitForServiceWorker(page);
    await page.reload();
    await waitPrompt(page, enUs["terminal.prompt.document"]);
    await dataReady(page);
    const before = await confirmedOf("IIN");
    const jamAtDock = await stockAt(w, jam, dock);
    await page.context().setOffline(true);
    await expect.poll(() => page.getByTestId("terminal-online").innerText()).toBe(enUs["terminal.offline"]);
    await page.getByTestId("terminal-new").click();
    await gun(page, "4006381333931");
    await quantity(page, 3);
    await gun(page, "DOCK-T");
    await page.getByTestId("terminal-finish").click();
    await expect.poll(() => page.getByTestId("terminal-queue").innerText()).toBe(
      fill("terminal.queued#other", { count: 3 }),
    );
    // What the queue holds, as the browser stored it (for the replay below).
    const stored = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((ok, no) => {
        const r = indexedDB.open("wms-terminal");
        r.onsuccess = () => ok(r.result);
        r.onerror = () => no(r.error);
      });
      return await new Promise<
        { method: string; path: string; body: unknown; key: string; makes?: string }[]
      >((ok) => {
        const r = db.transaction("queue").objectStore("queue").getAll();
        r.onsuccess = () => ok(r.result);
      });
    });
    expect(stored.map((e) => e.method + " " + e.path.replace(/\{local:[\w-]+\}/, "{doc}"))).toEqual([
      "POST /WmsDocument",
      "POST /WmsDocumentPosition",
      "POST /WmsDocument/{doc}/confirm",
    ]);
    expect(await confirmedOf("IIN")).toBe(before);
    // The phone drops the tab and opens it again, still without network: the steps are still there.
    await page.reload();
    await expect.poll(() => page.getByTestId("terminal-queue").innerText(), { timeout: 20_000 }).toBe(
      fill("terminal.queued#other", { count: 3 }),
    );
    expect(await page.getByTestId("terminal-online").innerText()).toBe(enUs["terminal.offline"]);
    expect(await confirmedOf("IIN")).toBe(before);

    await page.context().setOffline(false);
    await queueEmpty(page);
    await expect.poll(() => confirmedOf("IIN")).toBe(before + 1);
    expect(await stockAt(w, jam, dock)).toBe(jamAtDock + 3);

    // The same calls again with their keys (as a queue sent twice would): stored answers, no change.
    const auth = JSON.parse(await page.evaluate(() => localStorage.getItem("wms.auth")!)).token as string;
    const made = Number(
      (await w.query("SELECT max(id) AS id FROM wms_documents WHERE type_code = 'IIN'"))[0].id,
    );
    const documents = Number((await w.query("SELECT count(*) AS n FROM wms_documents"))[0].n);
    for (const e of stored) {
      const path = e.path.replace(/\{local:[\w-]+\}/, String(made));
      const body = e.body === undefined
        ? undefined
        : JSON.stringify(e.body).replace(/"\{local:[\w-]+\}"/, String(made));
      const r = await fetch(`${w.s.baseUrl}/api${path}`, {
        method: e.method,
        headers: {
          Authorization: `Bearer ${auth}`,
          "Idempotency-Key": e.key,
          "Content-Type": "application/json",
        },
        body,
      });
      expect([r.status < 300, r.headers.get("Idempotent-Replayed")], path).toEqual([true, "true"]);
      await r.body?.cancel();
    }
    expect(await stockAt(w, jam, dock)).toBe(jamAtDock + 3);
    expect(Number((await w.query("SELECT count(*) AS n FROM wms_documents"))[0].n)).toBe(documents);
  }, 150_000);

  it("lists what the server refused on sync for the operator to resolve", async () => {
    const page = await phone("/wms-terminal-out");
    await waitPrompt(page, enUs["terminal.prompt.document"]);
    await dataReady(page);
    await page.context().setOffline(true);
    await expect.poll(() => page.getByTestId("terminal-online").innerText()).toBe(enUs["terminal.offline"]);
    await page.getByTestId("terminal-new").click();
    await gun(page, "A-01");
    await gun(page, "4006381333931");
    await quantity(page, 1);
    await page.getByTestId("terminal-finish").click();
    // Meanwhile someone else releases everything left at A-01.
    const left = await stockAt(w, jam, a1);
    const other = await w.api("POST", "/WmsDocument", { typeCode: "IOU", sourceLocationId: a1 });
    await w.api("POST", "/WmsDocumentPosition", {
      documentId: other.body.id,
      productId: jam,
      quantity: left,
    });
    expect((await w.api("POST", `/WmsDocument/${other.body.id}/confirm`)).status).toBe(200);
    await page.context().setOffline(false);
    const refused = page.getByTestId("terminal-refused");
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.innerText()).toContain(
      fill("terminal.step.take", { product: "JAM-T", quantity: 1, location: "A-01" }),
    );
    expect(await refused.innerText()).toContain(
      (await import("../../shared/i18n/api/en_us.ts")).enUs["document.issue.quantityAboveAvailable"],
    );
    // The task's later step (its confirmation) waits behind the refusal: nothing left A-01 for it.
    await expect.poll(() => page.getByTestId("terminal-queue").innerText()).toBe(
      fill("terminal.queued#one", { count: 1 }),
    );
    expect(await stockAt(w, jam, a1)).toBe(0);
  });
});

describe("a terminal opened without its data", { timeout: 90_000 }, () => {
  it("asks for the data again while the server cannot be reached, the network up", async () => {
    let refuse = true;
    const page = await phone("/wms-terminal-in", "term-op", browser, {
      // Routes see only the page's own requests: no service worker answering in between.
      serviceWorkers: "block",
      // The server cannot be reached as the terminal asks for its products, locations and containers.
      beforeGoto: (context) =>
        context.route(
          /\/api\/(Product|StorageSpace|Container)\?/,
          (route) => refuse ? route.abort("connectionrefused") : route.fallback(),
        ),
    });
    await waitPrompt(page, enUs["terminal.prompt.document"]);
    await expect.poll(() => page.getByTestId("terminal-online").innerText()).toBe(enUs["terminal.offline"]);
    expect(await page.getByTestId("terminal").getAttribute("data-ready")).toBe("false");
    // The server answers again; the browser never lost its network, so nothing tells the page but its retry.
    refuse = false;
    await page.locator('[data-testid="terminal"][data-ready="true"]').waitFor({ timeout: 40_000 });
    expect(await page.getByTestId("terminal-online").innerText()).toBe(enUs["terminal.online"]);
  });

  it("tells a scan made while the data was on its way that it has none when the network goes; back, it scans", async () => {
    // The data requests are held, as on a slow network, until the test lets them fail.
    let hold = true;
    const held: Array<() => void> = [];
    const page = await phone("/wms-terminal-in", "term-op", browser, {
      serviceWorkers: "block",
      beforeGoto: (context) =>
        context.route(/\/api\/(Product|StorageSpace|Container)\?/, (route) => {
          if (!hold) return route.fallback();
          held.push(() => void route.abort("internetdisconnected").catch(() => {}));
        }),
    });
    await waitPrompt(page, enUs["terminal.prompt.document"]);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.getByTestId("terminal").getAttribute("data-ready")).toBe("false");
    await page.getByTestId("terminal-new").click();
    await waitPrompt(page, enUs["terminal.prompt.product"]);
    // Scanned online before the data came: the scan waits for it (nothing is said yet).
    await gun(page, "4006381333931");
    await page.locator('[data-testid="terminal"][data-waiting="true"]').waitFor();
    expect(await say(page).count()).toBe(0);
    // The network goes: the waiting scan is answered that the terminal has no data yet.
    await page.context().setOffline(true);
    await expect.poll(() => say(page).innerText()).toBe(enUs["terminal.noData"]);
    hold = false;
    for (const fail of held) fail();
    // The network comes back, as the browser tells the page: the data comes, and scanning goes on.
    await page.context().setOffline(false);
    await dataReady(page);
    const jamAtDock = await stockAt(w, jam, dock);
    await gun(page, "4006381333931");
    await quantity(page, 1);
    await gun(page, "DOCK-T");
    await page.getByTestId("terminal-finish").click();
    await queueEmpty(page);
    await expect.poll(() => stockAt(w, jam, dock)).toBe(jamAtDock + 1);
  });
});

describe("picking, relocating and counting on the terminal", { timeout: 90_000 }, () => {
  it("picks an order into a tote by scanner gun", async () => {
    const soap = await product(w, "SOAP-T");
    await receive(w, soap, a2, 6);
    const pack = Number((await w.query("SELECT id FROM storage_spaces WHERE label = 'PACK-T'"))[0].id);
    const tote = (await w.api("POST", "/Container", { kind: "bin", locationId: pack })).body;
    const order = await w.api("POST", "/WmsOrder", { typeCode: "OPI", destinationLocationId: pack });
    await w.api("POST", "/WmsOrderPosition", { orderId: order.body.id, productId: soap, quantity: 4 });
    const confirmed = await w.api("POST", `/WmsOrder/${order.body.id}/confirm?generateDocuments=true`);
    expect(confirmed.status).toBe(200);

    // Started by scanning the order's number: its picking document opens.
    const page = await phone("/wms-terminal-collect");
    await waitPrompt(page, enUs["terminal.prompt.document"]);
    await gun(page, confirmed.body.orderNumber);
    await waitPrompt(page, fill("terminal.prompt.locationAt", { location: "A-02" }));
    await gun(page, "A-02");
    await gun(page, "SOAP-T");
    await quantity(page, 4);
    await waitPrompt(page, enUs["terminal.prompt.tote"]);
    // A location is not a tote.
    await gun(page, "DOCK-T");
    await expect.poll(() => say(page).innerText()).toBe(fill("terminal.notTote", { code: "DOCK-T" }));
    await gun(page, tote.number);
    await expect.poll(() => say(page).innerText()).toBe(
      fill("terminal.taken", { product: "SOAP-T", quantity: 4 }),
    );
    await waitPrompt(page, enUs["terminal.prompt.allDone"]);
    await page.getByTestId("terminal-finish").click();
    await queueEmpty(page);
    await expect.poll(async () =>
      Number(
        (await w.query(
          "SELECT coalesce(sum(quantity), 0) AS q FROM stock_lines WHERE product_id = ? AND container_id = ?",
          [
            soap,
            tote.id,
          ],
        ))[0].q,
      ) / 1000
    ).toBe(4);
    expect(await stockAt(w, soap, a2)).toBe(2);
  });

  it("relocates a quantity and a whole container", async () => {
    const rice = await product(w, "RICE-T");
    await receive(w, rice, a2, 5);
    const pallet = (await w.api("POST", "/Container", { kind: "pallet", locationId: a1 })).body;
    await receive(w, rice, a1, 3, { destinationContainerId: pallet.id });
    const page = await phone("/wms-terminal-relocate");
    await page.getByTestId("terminal-new").click();
    await waitPrompt(page, enUs["terminal.prompt.source"]);
    await gun(page, "A-02");
    await gun(page, "RICE-T");
    await quantity(page, 2);
    await waitPrompt(page, enUs["terminal.prompt.destination"]);
    await gun(page, "DOCK-T");
    await queueEmpty(page);
    await expect.poll(() => stockAt(w, rice, dock)).toBe(2);
    expect(await stockAt(w, rice, a2)).toBe(3);
    // The whole pallet, by its number.
    await waitPrompt(page, enUs["terminal.prompt.source"]);
    await gun(page, pallet.number);
    await page.getByRole("button", { name: fill("terminal.wholeContainer", { container: pallet.number }) })
      .click();
    await waitPrompt(page, enUs["terminal.prompt.destination"]);
    await gun(page, "PACK-T");
    await queueEmpty(page);
    const pack = Number((await w.query("SELECT id FROM storage_spaces WHERE label = 'PACK-T'"))[0].id);
    await expect.poll(async () => (await w.api("GET", `/Container/${pallet.id}`)).body.locationId).toBe(pack);
    expect(await stockAt(w, rice, pack)).toBe(3);
  });

  it("counts a location blind", async () => {
    const bin = await location(w, "CNT-1");
    const salt = await product(w, "SALT-T");
    await receive(w, salt, bin, 5);
    const order = await w.api("POST", "/WmsOrder", { typeCode: "VER-L", scopeLocationId: bin });
    const confirmed = await w.api("POST", `/WmsOrder/${order.body.id}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const page = await phone("/wms-terminal-check");
    await page.getByTestId("terminal-task").filter({ hasText: confirmed.body.orderNumber }).click();
    await waitPrompt(page, enUs["terminal.prompt.location"]);
    await gun(page, "CNT-1");
    await expect.poll(() => say(page).innerText()).toBe(
      fill("terminal.countAt", { location: "CNT-1", count: 1 }),
    );
    await gun(page, "SALT-T");
    // Blind: nothing proposed.
    expect(await page.getByTestId("terminal-quantity").inputValue()).toBe("");
    await quantity(page, 4);
    await expect.poll(() => say(page).innerText()).toBe(
      fill("terminal.counted", { product: "SALT-T", quantity: 4 }),
    );
    await queueEmpty(page);
    // The queue may read empty a moment before the count is queued: wait for the server's answer.
    await expect.poll(async () =>
      (await w.api("GET", `/WmsOrder/${order.body.id}`)).body.verificationStatusCode
    )
      .toBe("inProgressWithDifferences");
  });
});

describe("the camera", { timeout: 90_000 }, () => {
  it("reads a barcode photo from the shared test data through Chromium's fake camera", async () => {
    // The first EAN-13 photo the decoder reads (as the camera will), made into the camera's video.
    const dir = "/work/shared/testdata/barcodes/zxing-blackbox/ean13-2";
    const read = (PNG as unknown as {
      sync: { read(b: Uint8Array): { width: number; height: number; data: Uint8Array } };
    })
      .sync.read;
    let photo = "";
    let text = "";
    for (let n = 1; n <= 30 && !photo; n++) {
      const file = join(dir, `${String(n).padStart(2, "0")}.png`);
      let png;
      try {
        png = read(readFileSync(file));
      } catch {
        continue;
      }
      const expected = readFileSync(file.replace(/\.png$/, ".txt"), "utf8");
      if (decodeFrame(png.data, png.width, png.height)?.getText() === expected) {
        [photo, text] = [file, expected];
      }
    }
    expect(photo).not.toBe("");
    const video = join(scratchDir("wms-camera-"), "camera.y4m");
    y4mFromPhoto(photo, video);
    const book = await product(w, "BOOK-T", { barcodes: [text] });
    const camera = await launchBrowser([
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const page = await phone("/wms-terminal-in", "term-op", camera);
      await page.getByTestId("terminal-new").click();
      await waitPrompt(page, enUs["terminal.prompt.product"]);
      await page.getByTestId("terminal-camera-toggle").click();
      await waitPrompt(page, fill("terminal.prompt.quantity", { product: "BOOK-T" }));
      expect(await say(page).innerText()).toContain("BOOK-T");
      // On to the product added: its quantity, its place, the receipt confirmed.
      await page.getByTestId("terminal-camera-toggle").click();
      await quantity(page, 2);
      await gun(page, "DOCK-T");
      await expect.poll(() => say(page).innerText()).toBe(
        fill("terminal.put", { product: "BOOK-T", quantity: 2, location: "DOCK-T" }),
      );
      await page.getByTestId("terminal-finish").click();
      await queueEmpty(page);
      await expect.poll(() => stockAt(w, book, dock)).toBe(2);
    } finally {
      await camera.close();
    }
  }, 120_000);
});

describe("accessibility", () => {
  it("the five terminal screens pass axe in both themes", async () => {
    const page = await phone("/wms-terminal-in");
    const found: string[] = [];
    for (const route of ["in", "out", "collect", "relocate", "check"]) {
      await page.goto(`${w.s.baseUrl}/wms-terminal-${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.getByTestId("terminal-prompt").waitFor();
      if (route === "in") {
        await page.getByTestId("terminal-new").click();
        await waitPrompt(page, enUs["terminal.prompt.product"]);
        await gun(page, "5901234123457");
        await page.getByTestId("terminal-quantity").waitFor();
      }
      found.push(...await scan(page, route));
      // Targets a gloved finger can hit.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(
          "[data-testid=terminal] button, [data-testid=terminal] input",
        )]
          .filter((el) => el.offsetParent !== null)
          .map((el) => [el.textContent || el.id, el.getBoundingClientRect().height] as const)
          .filter(([, h]) => h < 48)
      );
      expect(small, route).toEqual([]);
    }
    expect(found).toEqual([]);
  }, 90_000);
});
