// Warehouse → Locations in a real browser against the real server: a business manager adds a location
// type and a root location, previews and generates 2 x 3 x 2 locations under it, browses them in the tree
// (with the mouse and with the keyboard), sees a location's CODE128 barcode, and is refused a second
// run of the same labels with nothing created; a basic user has no generator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let s: TestServer;
let browser: Browser;
let managerToken: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  const admin = (await signIn(s, "acme-admin")).token;
  await addUser(s, admin, { username: "manager-mia", visibleName: "Mia Manager", isPowerUser: true });
  await addUser(s, admin, { username: "basic-bob", visibleName: "Bob Basic" });
  managerToken = (await signIn(s, "manager-mia")).token;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

/** A page signed in as `username` at `path`. */
function pageAs(username: string, path: string): Promise<Page> {
  return signedInPage(browser, s, contexts, username, path, {
    timeoutMs: 15_000,
    viewport: { width: 1400, height: 1000 },
  });
}

// deno-lint-ignore no-explicit-any
async function locations(): Promise<any[]> {
  const r = await call(s, "GET", "/api/StorageSpace?PageSize=1000", { token: managerToken });
  expect(r.status).toBe(200);
  return r.body.results;
}

const plural = (key: string, n: number) =>
  (enUs as Record<string, string>)[`${key}#${n === 1 ? "one" : "other"}`].replace("{count}", String(n));
const generator = (page: Page) => page.getByRole("dialog", { name: enUs["generator.title"] });
const level = (page: Page, n: number) =>
  generator(page).getByRole("group", { name: enUs["generator.level"].replace("{n}", String(n)) });
const tree = (page: Page) => page.getByRole("treegrid", { name: enUs["route.warehouse-locations"] });
const treeRow = (page: Page, label: string): Locator =>
  tree(page).getByRole("row").filter({ has: page.getByText(label, { exact: true }) });

async function pick(page: Page, box: Locator, text: string, option: string) {
  await box.fill(text);
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function fillLevel(page: Page, n: number, prefix: string, quantity: number, digits: number) {
  const group = level(page, n);
  await group.getByRole("textbox", { name: enUs["generator.prefix"] }).fill(prefix);
  await group.getByRole("textbox", { name: enUs["generator.quantity"] }).fill(String(quantity));
  await group.getByRole("textbox", { name: enUs["generator.digits"] }).fill(String(digits));
}

/** Opens the generator and sets WH1 as parent with levels A (2) x R (3, type RACK) x S (2). */
async function setUpGenerator(page: Page) {
  await page.getByRole("button", { name: enUs["generator.open"] }).click();
  await generator(page).waitFor();
  await pick(page, generator(page).getByRole("combobox", { name: enUs["generator.parent"] }), "WH", "WH1");
  await fillLevel(page, 1, "A", 2, 2);
  await generator(page).getByRole("button", { name: enUs["generator.addLevel"] }).click();
  await fillLevel(page, 2, "r", 3, 2);
  await pick(
    page,
    level(page, 2).getByRole("combobox", { name: enUs["field.storageSpace.typeId"] }),
    "rack",
    "RACK",
  );
  await level(page, 2).getByText(enUs["field.storageSpace.cooled"], { exact: true }).click();
  await generator(page).getByRole("button", { name: enUs["generator.addLevel"] }).click();
  await fillLevel(page, 3, "S", 2, 1);
}

// Bounds against a hang, not measures: on a loaded 2-core machine these tests took up to about 25 s.
describe("a business manager", { timeout: 90_000 }, () => {
  it("sets up a location tree with the generator and browses it", async () => {
    // A location type, through its screen.
    const page = await pageAs("manager-mia", "/warehouse-location-types");
    await page.getByRole("button", { name: enUs["resource.storageSpaceType.add"] }).click();
    await page.getByRole("dialog").getByRole("textbox", { name: enUs["field.storageSpaceType.code"] })
      .fill("rack");
    await page.getByRole("dialog").getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForURL(/\/warehouse-location-types$/);
    await page.locator("[data-row-id]").filter({ hasText: "RACK" }).waitFor();

    // A root location, through the locations screen's add dialog.
    await page.goto(s.baseUrl + "/warehouse-locations");
    await waitForHydration(page);
    await page.getByRole("button", { name: enUs["resource.storageSpace.add"] }).click();
    await page.getByRole("dialog").getByRole("textbox", { name: enUs["field.storageSpace.label"] }).fill(
      "wh1",
    );
    await page.getByRole("dialog").getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForURL(/\/warehouse-locations$/);
    await page.locator("[data-row-id]").filter({ hasText: "WH1" }).first().waitFor();

    await setUpGenerator(page);
    await generator(page).getByRole("button", { name: enUs["generator.preview"] }).click();
    const preview = generator(page).getByTestId("generator-preview");
    await preview.getByText(plural("generator.total", 20)).waitFor();
    const shown = await preview.getByRole("listitem").allTextContents();
    expect(shown.slice(0, 4)).toEqual(["WH1-A01", "WH1-A01-R01", "WH1-A01-R01-S1", "WH1-A01-R01-S2"]);
    // A preview writes nothing.
    expect((await locations()).length).toBe(1);

    await generator(page).getByRole("button", { name: enUs["generator.generate"] }).click();
    await page.getByText(plural("generator.created", 20)).waitFor();
    expect(await generator(page).count()).toBe(0);
    const all = await locations();
    expect(all.length).toBe(21);
    const r02 = all.find((l) => l.label === "WH1-A02-R02");
    expect(r02).toMatchObject({ typeCode: "RACK", cooled: true, path: "WH1 / WH1-A02 / WH1-A02-R02" });
    // The list shows them without a reload.
    await page.getByTestId("list-count").getByText("21 records").waitFor();

    // The tree: roots first, children as levels open.
    await page.getByRole("tab", { name: enUs["locations.viewTree"] }).click();
    await treeRow(page, "WH1").waitFor();
    expect(await tree(page).getByRole("row").count()).toBe(1);
    expect(await treeRow(page, "WH1").textContent()).toContain(plural("locations.childCount", 2));
    await treeRow(page, "WH1").getByRole("button").click();
    await treeRow(page, "WH1-A02").waitFor();
    await treeRow(page, "WH1-A02").getByRole("button").click();
    await treeRow(page, "WH1-A02-R03").waitFor();
    const rack = await treeRow(page, "WH1-A02-R02").textContent();
    expect(rack).toContain("RACK");
    expect(rack).toContain(enUs["field.storageSpace.cooled"]);
    await treeRow(page, "WH1-A02-R02").getByRole("button").click();
    await treeRow(page, "WH1-A02-R02-S2").waitFor();
    expect(await tree(page).getByRole("row").count()).toBe(1 + 2 + 3 + 2);

    // Activating a location opens its dialog; the tree stays as it was behind it.
    await treeRow(page, "WH1-A02-R02-S2").getByText("WH1-A02-R02-S2", { exact: true }).click();
    const s2 = all.find((l) => l.label === "WH1-A02-R02-S2");
    await page.waitForURL(new RegExp(`/warehouse-locations/${s2.id}$`));
    await page.getByTestId("record-form").waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/warehouse-locations$/);
    expect(await tree(page).getByRole("row").count()).toBe(8);

    // The preview shows the barcode as CODE128, drawn by bwip-js.
    await page.goto(s.baseUrl + `/warehouse-locations/${r02.id}/preview`);
    await waitForHydration(page);
    const barcode = page.getByRole("dialog").getByRole("img", {
      name: enUs["barcode.image"].replace("{value}", "WH1-A02-R02"),
    });
    await barcode.waitFor();
    expect(await barcode.getAttribute("data-symbology")).toBe("code128");
    expect(await barcode.locator("svg path").count()).toBeGreaterThan(0);
  }, 120_000); // the longest walk here (30 s on a loaded 2-core machine); the gate runs many browsers at once

  it("is refused a second run of the same labels, told which, and nothing is created", async () => {
    const before = (await locations()).length;
    const page = await pageAs("manager-mia", "/warehouse-locations");
    await setUpGenerator(page);
    await generator(page).getByRole("button", { name: enUs["generator.generate"] }).click();
    const error = generator(page).getByTestId("generator-levels-error");
    await error.waitFor();
    const text = await error.textContent();
    expect(text).toContain(
      enUs["generator.labelsTaken#other"].replace("{count}", "20").replace("{labels}", "WH1-A01, "),
    );
    // What was typed stays.
    expect(await level(page, 2).getByRole("textbox", { name: enUs["generator.prefix"] }).inputValue()).toBe(
      "r",
    );
    expect((await locations()).length).toBe(before);

    // Too many locations at once: said beside the levels.
    await level(page, 1).getByRole("textbox", { name: enUs["generator.quantity"] }).fill("1000");
    await level(page, 2).getByRole("textbox", { name: enUs["generator.quantity"] }).fill("1000");
    await generator(page).getByRole("button", { name: enUs["generator.preview"] }).click();
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="generator-levels-error"]')?.textContent === want,
      (enUs as Record<string, string>)["validation.tooLarge"],
    );
    expect((await locations()).length).toBe(before);
  });

  it("uses the tree with the keyboard alone", async () => {
    const page = await pageAs("manager-mia", "/warehouse-locations");
    await page.getByRole("tab", { name: enUs["locations.viewList"] }).focus();
    await page.keyboard.press("ArrowRight");
    await treeRow(page, "WH1").waitFor();
    const focusedRole = () => page.evaluate(() => document.activeElement?.getAttribute("role"));
    for (let i = 0; i < 4 && (await focusedRole()) !== "row"; i++) await page.keyboard.press("Tab");
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    expect(await focusedRole()).toBe("row");
    expect(await focused()).toContain("WH1");
    await page.keyboard.press("ArrowRight");
    await treeRow(page, "WH1-A01").waitFor();
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toContain("WH1-A01");
    await page.keyboard.press("ArrowRight");
    await treeRow(page, "WH1-A01-R03").waitFor();
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() =>
      document.querySelectorAll('[role="treegrid"] [role="row"]').length === 3
    );
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const a02 = (await locations()).find((l) => l.label === "WH1-A02");
    await page.waitForURL(new RegExp(`/warehouse-locations/${a02.id}$`));
  });

  it("sees why a barcode CODE128 cannot carry is not drawn", async () => {
    const r = await call(s, "POST", "/api/StorageSpace", {
      token: managerToken,
      body: { label: "ŁÓDŹ-1", barcode: "ŁÓDŹ-1" },
    });
    expect(r.status).toBe(201);
    const page = await pageAs("manager-mia", `/warehouse-locations/${r.body.id}/preview`);
    await page.getByRole("dialog").getByText(
      enUs["barcode.cannotEncode"].replace("{characters}", "Ł Ó Ź"),
    ).waitFor();
    expect(await page.getByRole("dialog").getByTestId("barcode").count()).toBe(0);
  });
});

describe("a location with many children", () => {
  it("shows them 100 at a time, with a row that reads the rest", async () => {
    const r = await call(s, "POST", "/api/StorageSpace/generate", {
      token: managerToken,
      body: {
        levels: [{ prefix: "BIG", quantity: 1, digits: 1 }, { prefix: "B", quantity: 105, digits: 3 }],
      },
    });
    expect(r.status).toBe(200);
    const page = await pageAs("manager-mia", "/warehouse-locations");
    await page.getByRole("tab", { name: enUs["locations.viewTree"] }).click();
    await treeRow(page, "BIG1").getByRole("button").click();
    const more = enUs["locations.showMore"].replace("{shown}", "100").replace("{total}", "105");
    await treeRow(page, more).waitFor();
    expect(await tree(page).getByRole("row").filter({ hasText: /^BIG1-B\d{3}$/ }).count()).toBe(100);
    await treeRow(page, "BIG1-B100").waitFor();
    expect(await treeRow(page, "BIG1-B101").count()).toBe(0);
    await treeRow(page, more).click();
    await treeRow(page, "BIG1-B105").waitFor();
    expect(await treeRow(page, more).count()).toBe(0);
    expect(await tree(page).getByRole("row").filter({ hasText: /^BIG1-B\d{3}$/ }).count()).toBe(105);
  });
});

describe("a basic user", () => {
  it("browses the tree and previews a location, with no generator", async () => {
    const page = await pageAs("basic-bob", "/warehouse-locations");
    await page.getByRole("heading", { name: enUs["route.warehouse-locations"] }).waitFor();
    await page.locator("[data-row-id]").first().waitFor();
    expect(await page.getByRole("button", { name: enUs["generator.open"] }).count()).toBe(0);
    await page.getByRole("tab", { name: enUs["locations.viewTree"] }).click();
    await treeRow(page, "WH1").getByText("WH1", { exact: true }).click();
    await page.waitForURL(/\/warehouse-locations\/\d+\/preview$/);
    await page.getByRole("dialog").getByRole("img", { name: enUs["barcode.image"].replace("{value}", "WH1") })
      .waitFor();
  });
});
