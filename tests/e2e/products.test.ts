// Assortment → Products, the generic resource screen in a real browser against the real server: a business
// manager adds a product with barcodes, groups (one picker and the multi-picker), a contractor and a custom
// field (the rows table, by keyboard), finds it by quick search and by a column filter, sees its barcodes
// drawn in the preview, and meets the index rules and the custom fields' rules in Polish with the input
// kept; a basic user only reads; a contractor user sees only their contractor's products.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, waitForHydration, waitForListCount } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { plPl } from "../../shared/i18n/pl_pl.ts";

let s: TestServer;
let browser: Browser;
let admin: string;
let managerToken: string;
let farms: { id: number };
let bread: { id: number };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  admin = (await signIn(s, "acme-admin")).token;
  await addUser(s, admin, { username: "manager-mia", visibleName: "Mia Manager", isPowerUser: true });
  await addUser(s, admin, { username: "basic-bob", visibleName: "Bob Basic" });
  managerToken = (await signIn(s, "manager-mia")).token;
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await call(s, "POST", path, { token: managerToken, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  farms = await post("/api/Company", { shortName: "Fresh farms", keyRole: "contractor" });
  const grocer = await post("/api/Company", { shortName: "Green grocer", keyRole: "contractor" });
  for (const name of ["Dairy", "Chilled", "Organic"]) await post("/api/ProductGroup", { name });
  bread = await post("/api/Product", { name: "Bread", index: "BREAD-1", contractorId: grocer.id });
  await addUser(s, admin, {
    username: "contractor-carl",
    visibleName: "Carl Contractor",
    contractorPortalEnabled: true,
    connectedContractorId: farms.id,
  });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

/** A page signed in as `username` at `path`. */
function pageAs(username: string, path: string, locale = "en-US"): Promise<Page> {
  return signedInPage(browser, s, contexts, username, path, { timeoutMs: 20_000, locale });
}

// deno-lint-ignore no-explicit-any
async function products(): Promise<any[]> {
  const r = await call(s, "GET", "/api/Product?PageSize=100", { token: managerToken });
  expect(r.status).toBe(200);
  return r.body.results;
}

const dialog = (page: Page) => page.getByRole("dialog");
const row = (page: Page, text: string) => page.locator("[data-row-id]").filter({ hasText: text });
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replace(`{${k}}`, String(v)), text);
const cell = (cat: Record<keyof typeof enUs, string>, column: keyof typeof enUs, n: number) =>
  fill(cat["dialog.cellLabel"], { column: cat[column], n });

/** Types into a reference picker (one link, or the search box of several) and picks the option named. */
async function pick(page: Page, box: string, typed: string, option: string): Promise<void> {
  await dialog(page).getByRole("combobox", { name: box, exact: true }).fill(typed);
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The messages a field's aria-describedby points at, joined. */
async function describedText(page: Page, field: Locator): Promise<string> {
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

describe("a business manager", () => {
  it("adds a product with barcodes, groups, a contractor and a custom field, and finds it", async () => {
    const page = await pageAs("manager-mia", "/");
    await page.locator("nav").getByRole("link", { name: enUs["route.products"], exact: true }).click();
    await page.waitForURL(/\/products$/);
    await waitForListCount(page, "1 record");

    await page.getByRole("button", { name: enUs["resource.product.add"] }).click();
    await page.waitForURL(/\/products\/new$/);
    await dialog(page).getByRole("textbox", { name: enUs["field.product.index"], exact: true }).fill(
      "milk-1l",
    );
    await dialog(page).getByRole("textbox", { name: enUs["field.product.name"], exact: true }).fill(
      "Milk 1 l",
    );
    // Barcodes: Enter in the box adds the value as a tag and does not save the form.
    const newBarcode = dialog(page).getByRole("textbox", {
      name: fill(enUs["master.newValue"], { field: enUs["field.product.barcodes"] }),
    });
    for (const code of ["5901234123457", "MILK/1L"]) {
      await newBarcode.fill(code);
      await newBarcode.press("Enter");
      await dialog(page).getByRole("button", { name: fill(enUs["master.remove"], { value: code }) })
        .waitFor();
    }
    await pick(page, enUs["field.product.mainGroupId"], "dai", "Dairy");
    const addGroup = fill(enUs["master.addLink"], { field: enUs["field.product.groupIds"] });
    await pick(page, addGroup, "chil", "Chilled");
    await pick(page, addGroup, "org", "Organic");
    await pick(page, enUs["field.product.contractorId"], "fresh", "FRESH FARMS");

    // A custom field row, with the keyboard: the new row's first cell takes the focus.
    const customFields = dialog(page).getByRole("group", { name: enUs["field.product.customFields"] });
    await customFields.getByText(enUs["dialog.noRows"]).waitFor();
    const addRow = customFields.getByRole("button", { name: enUs["dialog.addRow"] });
    await addRow.focus();
    await page.keyboard.press("Enter");
    const code1 = customFields.getByRole("textbox", { name: cell(enUs, "field.customField.code", 1) });
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "customFields.0.code");
    await page.keyboard.type("FAT");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Fat content");
    expect(await code1.inputValue()).toBe("FAT");
    await customFields.getByRole("button", { name: cell(enUs, "field.customField.type", 1) }).click();
    await page.getByRole("option", { name: enUs["option.customFields.type.number"] }).click();
    await customFields.getByRole("textbox", { name: cell(enUs, "field.customField.printId", 1) }).fill("P1");

    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForURL(/\/products$/);
    await waitForListCount(page, "2 records");
    const milk = (await products()).find((p) => p.index === "MILK-1L");
    expect(milk).toMatchObject({
      name: "Milk 1 l",
      barcodes: ["5901234123457", "MILK/1L"],
      mainGroupName: "Dairy",
      contractorId: farms.id,
      contractorName: "FRESH FARMS",
      customFields: [{ code: "FAT", name: "Fat content", type: "number", printId: "P1" }],
    });
    expect(milk.groupIds).toHaveLength(2);

    // Quick search by a barcode, then a filter on the index column.
    const search = page.getByRole("searchbox", { name: enUs["list.search"] });
    await search.fill("milk/1l");
    await waitForListCount(page, "1 record");
    await row(page, "MILK-1L").waitFor();
    await search.fill("");
    await waitForListCount(page, "2 records");
    await page.getByRole("button", {
      name: fill(enUs["list.filter"], { column: enUs["field.product.index"] }),
      exact: true,
    }).click();
    const editor = page.getByRole("dialog");
    await editor.getByRole("textbox", { name: enUs["list.value"] }).fill("bread");
    await editor.getByRole("button", { name: enUs["list.apply"] }).click();
    await waitForListCount(page, "1 record");
    await row(page, "BREAD-1").waitFor();
    expect(await row(page, "MILK-1L").count()).toBe(0);

    // The preview draws both barcodes as CODE128 and shows the custom field as a table.
    await page.goto(s.baseUrl + `/products/${milk.id}/preview`);
    await waitForHydration(page);
    for (const code of ["5901234123457", "MILK/1L"]) {
      const barcode = dialog(page).getByRole("img", { name: fill(enUs["barcode.image"], { value: code }) });
      await barcode.waitFor();
      expect(await barcode.getAttribute("data-symbology")).toBe("code128");
      expect(await barcode.locator("svg path").count()).toBeGreaterThan(0);
    }
    const shown = dialog(page).getByRole("group", { name: enUs["field.product.customFields"] });
    expect(await shown.getByRole("row").nth(1).textContent()).toBe(
      ["FAT", "Fat content", enUs["option.customFields.type.number"], "P1"].join(""),
    );
    expect(await dialog(page).getByRole("textbox").count()).toBe(0);
  }, 120_000);

  it(
    "is told in their language what is wrong with the index and the custom fields, and keeps the input",
    async () => {
      const milk = (await products()).find((p) => p.index === "MILK-1L");
      const page = await pageAs("manager-mia", `/products/${milk.id}`, "pl-PL");
      const index = dialog(page).getByRole("textbox", { name: plPl["field.product.index"], exact: true });
      await page.waitForFunction(
        () =>
          (document.querySelector('[role="dialog"] input[name="index"]') as HTMLInputElement)?.value ===
            "MILK-1L",
      );
      const save = dialog(page).getByRole("button", { name: plPl["common.save"] });
      const customFields = dialog(page).getByRole("group", { name: plPl["field.product.customFields"] });

      // A second row left without a code: the message is at that cell.
      await customFields.getByRole("button", { name: plPl["dialog.addRow"] }).click();
      const codeCell = (n: number) =>
        customFields.getByRole("textbox", { name: cell(plPl, "field.customField.code", n) });
      await customFields.getByRole("textbox", { name: cell(plPl, "field.customField.name", 2) }).fill(
        "Tłuszcz",
      );
      await customFields.getByRole("button", { name: plPl["dialog.addRow"] }).click();
      await codeCell(3).fill("SUGAR");
      await customFields.getByRole("textbox", { name: cell(plPl, "field.customField.name", 3) }).fill(
        "Cukier",
      );
      await save.click();
      await dialog(page).getByText(plPl["error.formHasErrors"]).waitFor();
      await page.waitForFunction(() =>
        document.querySelector('[role="dialog"] input[name="customFields.1.code"]')?.getAttribute(
          "aria-invalid",
        ) === "true"
      );
      expect(await describedText(page, codeCell(2))).toContain(plPl["validation.required"]);
      expect(await codeCell(3).getAttribute("aria-invalid")).toBeNull();
      // Removing the first row moves the others up; the message about the old second row is not pinned on
      // the row now second.
      await customFields.getByRole("button", { name: fill(plPl["dialog.removeRow"], { n: 1 }) }).click();
      await codeCell(3).waitFor({ state: "detached" });
      expect(await codeCell(2).inputValue()).toBe("SUGAR");
      expect(await codeCell(2).getAttribute("aria-invalid")).toBeNull();
      expect(await codeCell(1).inputValue()).toBe("");
      // The same code in other letters: the message is at the field.
      await codeCell(1).fill("sugar");
      await save.click();
      await customFields.getByRole("alert").filter({ hasText: plPl["validation.mustBeUnique"] }).waitFor();
      expect(await codeCell(1).inputValue()).toBe("sugar");
      expect(await codeCell(1).getAttribute("aria-invalid")).toBeNull();
      await customFields.getByRole("button", { name: fill(plPl["dialog.removeRow"], { n: 2 }) }).click();
      await codeCell(2).waitFor({ state: "detached" });

      // An underscore in the index.
      await index.fill("MILK_1L");
      await save.click();
      await page.waitForFunction(() =>
        document.querySelector('[role="dialog"] input[name="index"]')?.getAttribute("aria-invalid") === "true"
      );
      expect(await describedText(page, index)).toContain(plPl["validation.forbiddenCharacter"]);
      expect(await index.inputValue()).toBe("MILK_1L");

      // The index of another product, in other letters.
      await index.fill("bread-1");
      await save.click();
      await dialog(page).getByText(plPl["apiError.record.uniqueConflict"]).waitFor();
      expect(await describedText(page, index)).toContain(plPl["validation.mustBeUnique"]);
      expect(await index.inputValue()).toBe("bread-1");
      expect(page.url()).toMatch(new RegExp(`/products/${milk.id}$`));
      const stored = (await products()).find((p) => p.id === milk.id);
      expect(stored).toMatchObject({
        index: "MILK-1L",
        version: milk.version,
        customFields: milk.customFields,
      });
    },
    90_000,
  );
});

describe("a basic user", () => {
  it("sees the list and previews a product, with no way to add, edit or delete", async () => {
    const page = await pageAs("basic-bob", "/products");
    await waitForListCount(page, "2 records");
    expect(await page.getByRole("button", { name: enUs["resource.product.add"] }).count()).toBe(0);
    await row(page, "MILK-1L").click();
    await page.waitForURL(/\/products\/\d+\/preview$/);
    await dialog(page).getByRole("img", { name: fill(enUs["barcode.image"], { value: "MILK/1L" }) })
      .waitFor();
    expect(await dialog(page).getByRole("textbox").count()).toBe(0);
    for (const name of [enUs["common.save"], enUs["dialog.editButton"], enUs["dialog.delete"]]) {
      expect(await dialog(page).getByRole("button", { name }).count(), name).toBe(0);
    }
    // Selecting rows offers no delete either, and the add dialog's address opens nothing.
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/products$/);
    await page.locator("label").filter({ has: page.getByRole("checkbox", { name: enUs["list.selectAll"] }) })
      .click();
    await page.getByTestId("list-selected").waitFor();
    expect(await page.getByRole("button", { name: enUs["list.deleteSelected"] }).count()).toBe(0);
    await page.goto(s.baseUrl + "/products/new");
    await waitForHydration(page);
    await row(page, "MILK-1L").waitFor();
    expect(await dialog(page).count()).toBe(0);
  }, 60_000);
});

describe("a contractor user", () => {
  it(
    "sees only their contractor's products; another contractor's, opened by its address, is not found",
    async () => {
      const page = await pageAs("contractor-carl", "/products");
      await waitForListCount(page, "1 record");
      await row(page, "MILK-1L").waitFor();
      expect(await row(page, "BREAD-1").count()).toBe(0);
      expect(await page.getByRole("button", { name: enUs["resource.product.add"] }).count()).toBe(0);

      await page.goto(s.baseUrl + `/products/${bread.id}`);
      await waitForHydration(page);
      await dialog(page).getByText(enUs["apiError.record.notFoundOrNoPermission"]).waitFor();
      expect(await dialog(page).getByTestId("record-form").count()).toBe(0);
      expect(await dialog(page).getByText("Bread").count()).toBe(0);
    },
    60_000,
  );
});
