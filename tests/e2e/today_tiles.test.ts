// The start page's tiles (issue 31, item 15), in real Chromium against the real server: a terminal-only
// operator sees only tiles whose links are screens of their menu (the terminal's), each settling to its
// figures; the receipts tile says what each number counts (documents confirmed today, orders planned for
// today) and why the first passes the second; an administrator's tiles all lead into the menu too; and
// figures that cannot be read (the network gone) say so instead of loading for ever, and come back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { addUser } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startStockWorld("tiles");
  const dock = await location(w, "DOCK-TL");
  const salt = await product(w, "SALT-TL");
  // Two receipts confirmed today without an order; one receipt order planned for today.
  await receive(w, salt, dock, 2);
  await receive(w, salt, dock, 3);
  const today = new Date().toISOString().slice(0, 10);
  const order = await w.api("POST", "/WmsOrder", { typeCode: "OIN", plannedDate: today });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  await w.api("POST", "/WmsOrderPosition", { orderId: order.body.id, productId: salt, quantity: 1 });
  expect((await w.api("POST", `/WmsOrder/${order.body.id}/confirm`)).status).toBe(200);
  await addUser(w.s, w.admin, { username: "tiles-op", terminalEnabled: true });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

const tiles = (page: Page) => page.getByTestId("today").getByRole("link");

/** Every tile's state once none is loading any more, and the paths of the tiles and of the menu's links. */
async function settled(page: Page) {
  await tiles(page).first().waitFor();
  await expect.poll(() => page.getByTestId("today").locator("[data-state=loading]").count(), {
    timeout: 15_000,
  })
    .toBe(0);
  const paths = (links: ReturnType<Page["locator"]>) =>
    links.evaluateAll((els) => els.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return {
    states: await tiles(page).evaluateAll((els) => els.map((a) => a.getAttribute("data-state"))),
    tiles: await paths(tiles(page)),
    menu: await paths(page.locator("nav#main-menu a[href]")),
  };
}

describe("the start page's tiles", () => {
  it("shows a terminal operator only tiles of their menu, each settled, saying what is counted", async () => {
    const page = await signedInPage(browser, w.s, contexts, "tiles-op", "/", { timeoutMs: 20_000 });
    await page.locator("nav#main-menu a[href='/wms-terminal-in']").waitFor();
    const seen = await settled(page);
    for (const path of seen.tiles) expect(seen.menu).toContain(path);
    expect(seen.tiles).toEqual(["/wms-terminal-in", "/wms-terminal-out", "/wms-terminal-check"]);
    expect(seen.states.every((s) => s === "ready")).toBe(true);
    // The receipts tile: each number named for what it counts, and why more were confirmed than planned.
    const receipts = page.getByTestId("today-tile-receipts");
    expect(await receipts.innerText()).toContain(enUs["orders.tile.receiptsDone"]);
    expect(await receipts.innerText()).toContain(enUs["orders.tile.receiptsPlanned"]);
    expect(await page.getByTestId("today-receipts-done").innerText()).toBe("2");
    expect(await page.getByTestId("today-receipts-planned").innerText()).toBe("1");
    expect(await receipts.innerText()).toContain(enUs["orders.tile.receiptsBeyond"]);
    // Nothing beyond the plan on releases: no such note.
    expect(await page.getByTestId("today-tile-releases").innerText()).not.toContain(
      enUs["orders.tile.releasesBeyond"],
    );
    // The tile opens the screen it names, and that screen works for this user.
    await receipts.click();
    await page.waitForURL(/\/wms-terminal-in$/);
    await page.getByTestId("terminal-prompt").waitFor();
    expect(await page.getByTestId("terminal-prompt").innerText()).toBe(enUs["terminal.prompt.document"]);
  });

  it("leads an administrator's six tiles into the menu too", async () => {
    const page = await signedInPage(browser, w.s, contexts, "tiles-admin", "/", { timeoutMs: 20_000 });
    await page.locator("nav#main-menu a[href='/warehouse-orders']").waitFor();
    const seen = await settled(page);
    expect(seen.tiles).toHaveLength(6);
    for (const path of seen.tiles) expect(seen.menu).toContain(path);
    expect(seen.states.every((s) => s === "ready")).toBe(true);
  });

  it("says when the figures cannot be read, and reads them again when asked", async () => {
    const page = await signedInPage(browser, w.s, contexts, "tiles-op", "/", { timeoutMs: 20_000 });
    expect((await settled(page)).states).toEqual(["ready", "ready", "ready"]);
    await page.getByTestId("today-tile-releases").click();
    await page.getByTestId("terminal-prompt").waitFor();
    await page.context().setOffline(true);
    // Back to the start page within the app: its figures are asked for with the network gone.
    await page.goBack();
    await page.waitForURL(/\/$/);
    const seen = await settled(page);
    expect(seen.states).toEqual(["failed", "failed", "failed"]);
    expect(await page.getByTestId("today-failed").innerText()).toContain(
      enUs["orders.todayFailed"].replace("{reason}", enUs["error.network"]),
    );
    expect(await page.getByTestId("today-tile-receipts").innerText()).toContain(
      enUs["orders.tileUnavailable"],
    );
    await page.context().setOffline(false);
    await page.getByRole("button", { name: enUs["orders.todayRetry"] }).click();
    await expect.poll(() => page.getByTestId("today").locator("[data-state=ready]").count()).toBe(3);
    expect(await page.getByTestId("today-failed").count()).toBe(0);
  });
});
