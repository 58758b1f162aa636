// Assortment → Product groups, the generic resource screen in a real browser against the real server: a
// business manager adds a group with a colour and an assigned user (picked by typing), edits it, meets the
// uniqueness rule (in Polish, with the input kept), deletes it, and filters by the assigned user; a basic
// user only reads; the keyboard alone adds one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, waitForHydration, waitForListCount } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { plPl } from "../../shared/i18n/pl_pl.ts";

let s: TestServer;
let browser: Browser;
let managerToken: string;
let adam: { id: number };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  const admin = (await signIn(s, "acme-admin")).token;
  await addUser(s, admin, { username: "manager-mia", visibleName: "Mia Manager", isPowerUser: true });
  await addUser(s, admin, { username: "basic-bob", visibleName: "Bob Basic" });
  adam = await addUser(s, admin, { username: "adam-n", visibleName: "Adam Nowak" });
  await addUser(s, admin, { username: "eve-k", visibleName: "Eve Kowalska" });
  managerToken = (await signIn(s, "manager-mia")).token;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

/** A page signed in as `username` at `path`. */
function pageAs(username: string, path: string, locale = "en-US"): Promise<Page> {
  return signedInPage(browser, s, contexts, username, path, { locale });
}

// deno-lint-ignore no-explicit-any
async function groups(): Promise<any[]> {
  const r = await call(s, "GET", "/api/ProductGroup", { token: managerToken });
  expect(r.status).toBe(200);
  return r.body.results;
}

const dialog = (page: Page) => page.getByRole("dialog");
const row = (page: Page, name: string) => page.locator("[data-row-id]").filter({ hasText: name });

describe("a business manager", () => {
  it("adds a group with a colour and an assigned user, edits it, and deletes it", async () => {
    const page = await pageAs("manager-mia", "/");
    await page.locator("nav").getByRole("link", { name: enUs["route.product-groups"] }).click();
    await page.waitForURL(/\/product-groups$/);
    await page.getByRole("heading", { name: enUs["route.product-groups"] }).waitFor();
    await waitForListCount(page, "0 records");

    await page.getByRole("button", { name: enUs["resource.productGroup.add"] }).click();
    await page.waitForURL(/\/product-groups\/new$/);
    await dialog(page).getByRole("textbox", { name: enUs["field.productGroup.name"] }).fill("Frozen food");
    await dialog(page).getByRole("textbox", { name: enUs["field.common.colour"] }).fill("#1E90FF");
    const picker = dialog(page).getByRole("combobox", { name: enUs["field.productGroup.assignedUserId"] });
    await picker.fill("nowa");
    // Only the users the search matches are offered.
    await page.getByRole("option", { name: "Adam Nowak" }).waitFor();
    expect(await page.getByRole("option").count()).toBe(1);
    await page.getByRole("option", { name: "Adam Nowak" }).click();
    expect(await picker.inputValue()).toBe("Adam Nowak");
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForURL(/\/product-groups$/);
    await waitForListCount(page, "1 record");
    const saved = (await groups())[0];
    expect(saved).toMatchObject({ name: "Frozen food", colour: "#1e90ff", assignedUserId: adam.id });
    // The list shows the colour as a swatch beside its value.
    await row(page, "Frozen food").getByRole("img").waitFor();
    expect(await row(page, "Frozen food").textContent()).toContain("#1e90ff");

    // Edit: the picker shows the linked user by name; clearing it unlinks the user.
    await row(page, "Frozen food").click();
    await page.waitForURL(new RegExp(`/product-groups/${saved.id}$`));
    await page.waitForFunction(
      () =>
        (document.querySelector('[role="dialog"] [role="combobox"]') as HTMLInputElement)?.value ===
          "Adam Nowak",
    );
    await dialog(page).getByRole("textbox", { name: enUs["field.productGroup.name"] }).fill("Frozen goods");
    await dialog(page).getByRole("button", {
      name: enUs["master.clear"].replace("{field}", enUs["field.productGroup.assignedUserId"]),
    }).click();
    expect(await picker.inputValue()).toBe("");
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForURL(/\/product-groups$/);
    await row(page, "Frozen goods").waitFor();
    expect((await groups())[0]).toMatchObject({ name: "Frozen goods", assignedUserId: null, version: 2 });

    await row(page, "Frozen goods").click();
    await dialog(page).getByRole("button", { name: enUs["dialog.delete"] }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: enUs["dialog.delete"] }).click();
    await waitForListCount(page, "0 records");
    expect(await groups()).toEqual([]);
  });

  it("is told in their language that a name is taken, and keeps what they typed", async () => {
    for (const name of ["Chemia", "Napoje"]) {
      const r = await call(s, "POST", "/api/ProductGroup", { token: managerToken, body: { name } });
      expect(r.status).toBe(201);
    }
    const napoje = (await groups()).find((g) => g.name === "Napoje");
    const page = await pageAs("manager-mia", `/product-groups/${napoje.id}`, "pl-PL");
    const name = dialog(page).getByRole("textbox", { name: plPl["field.productGroup.name"] });
    await name.waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('[role="dialog"] input[name="name"]') as HTMLInputElement)?.value ===
          "Napoje",
    );
    await name.fill("CHEMIA");
    await dialog(page).getByRole("button", { name: plPl["common.save"] }).click();
    await dialog(page).getByText(plPl["apiError.record.uniqueConflict"]).waitFor();
    const described = await name.getAttribute("aria-describedby");
    const messages = await Promise.all(
      (described ?? "").split(/\s+/).filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(messages.join(" ")).toContain(plPl["validation.mustBeUnique"]);
    expect(await name.inputValue()).toBe("CHEMIA");
    expect(page.url()).toMatch(new RegExp(`/product-groups/${napoje.id}$`));
    expect((await groups()).map((g) => g.name).sort()).toEqual(["Chemia", "Napoje"]);
  });

  it("adds a group with the keyboard alone", async () => {
    const page = await pageAs("manager-mia", "/product-groups");
    const add = page.getByRole("button", { name: enUs["resource.productGroup.add"] });
    await add.waitFor();
    await add.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/product-groups\/new$/);
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("name"));
    // Escape closes the dialog without saving.
    await dialog(page).waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/product-groups$/);
    await add.focus();
    await page.keyboard.press("Enter");
    await dialog(page).waitFor();
    for (let i = 0; i < 6 && (await focusedName()) !== "name"; i++) await page.keyboard.press("Tab");
    expect(await focusedName()).toBe("name");
    await page.keyboard.type("Keyboard group");
    await page.keyboard.press("Tab");
    await page.keyboard.type("#00aa00");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kowal");
    await page.getByRole("option", { name: "Eve Kowalska" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      () =>
        (document.querySelector('[role="dialog"] [role="combobox"]') as HTMLInputElement)?.value ===
          "Eve Kowalska",
    );
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName()).toBe("name");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/product-groups$/);
    const made = (await groups()).find((g) => g.name === "Keyboard group");
    expect(made).toMatchObject({ colour: "#00aa00" });
    expect(made.assignedUserId).toBeGreaterThan(0);
  });
});

describe("filtering by a link", () => {
  it("finds the groups of a user picked by name, and those with nobody assigned", async () => {
    const r = await call(s, "POST", "/api/ProductGroup", {
      token: managerToken,
      body: { name: "Mrożonki", assignedUserId: adam.id },
    });
    expect(r.status).toBe(201);
    const all = await groups();
    const page = await pageAs("manager-mia", "/product-groups");
    await waitForListCount(page, `${all.length} records`);
    const label = enUs["field.productGroup.assignedUserId"];
    await page.getByRole("button", { name: enUs["list.columns"] }).click();
    await page.getByRole("menuitemcheckbox", { name: label }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: enUs["list.filter"].replace("{column}", label), exact: true })
      .click();
    const editor = page.getByRole("dialog");
    await editor.getByRole("combobox", { name: enUs["list.value"] }).fill("adam");
    await page.getByRole("option", { name: "Adam Nowak" }).click();
    await editor.getByRole("button", { name: enUs["list.apply"] }).click();
    await waitForListCount(page, "1 record");
    await row(page, "Mrożonki").waitFor();
    // The filter's chip names the user, not the id.
    const chip = `${label} ${enUs["list.op.eq"]} Adam Nowak`;
    await page.getByRole("button", { name: enUs["list.removeFilter"].replace("{filter}", chip) }).waitFor();

    await page.getByRole("button", { name: enUs["list.filter"].replace("{column}", label), exact: true })
      .click();
    await editor.getByRole("button", { name: new RegExp(enUs["list.operator"]) }).click();
    await page.getByRole("option", { name: enUs["list.op.isNull"] }).click();
    await editor.getByRole("button", { name: enUs["list.apply"] }).click();
    const unassigned = all.filter((g) => g.assignedUserId === null).length;
    expect(unassigned).toBeGreaterThan(0);
    await waitForListCount(page, `${unassigned} records`);
  });
});

describe("a basic user", () => {
  it("sees the list and previews a group, with no way to add, edit or delete", async () => {
    const page = await pageAs("basic-bob", "/product-groups");
    await page.getByRole("heading", { name: enUs["route.product-groups"] }).waitFor();
    const count = (await groups()).length;
    await waitForListCount(page, `${count} records`);
    await row(page, "Chemia").waitFor();
    expect(await page.getByRole("button", { name: enUs["resource.productGroup.add"] }).count()).toBe(0);
    await row(page, "Chemia").click();
    await page.waitForURL(/\/product-groups\/\d+\/preview$/);
    await page.getByTestId("record-form").getByText("Chemia", { exact: true }).waitFor();
    expect(await dialog(page).getByRole("button", { name: enUs["common.save"] }).count()).toBe(0);
    expect(await dialog(page).getByRole("button", { name: enUs["dialog.editButton"] }).count()).toBe(0);
    // No field to edit (the record's discussion below them takes their messages).
    expect(
      await dialog(page).getByRole("textbox").and(page.locator(':not([data-testid="discussion"] *)')).count(),
    ).toBe(0);
    await dialog(page).getByTestId("discussion").waitFor();
    // The add dialog's address opens nothing for them.
    await page.goto(s.baseUrl + "/product-groups/new");
    await waitForHydration(page);
    await row(page, "Chemia").waitFor();
    expect(await dialog(page).count()).toBe(0);
  });
});
