// Numbers as a clerk types them, in a real browser against the real server: text that is not a number, a
// number outside the field's bounds or with too many decimals stays in the field with what is wrong beside
// it (never reverted, emptied or clamped), the form then refuses to save and takes the clerk to the field,
// and nothing stale reaches the server. Seen in the document editor's quantity, the product dialog and the
// location generator; a Polish clerk types "0,5" and is told the bound the Polish way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { dateField, dateValue, launchBrowser, signedInPage, typeDate, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { plPl } from "../../shared/i18n/pl_pl.ts";
import { deDe } from "../../shared/i18n/de_de.ts";

let s: TestServer;
let browser: Browser;
let admin: string;
let doc: number;
let position: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "numbers");
  admin = (await signIn(s, "numbers-admin")).token;
  await addUser(s, admin, { username: "clerk-cleo", logisticsEnabled: true, isPowerUser: true });
  await addUser(s, admin, { username: "clerk-piotr", logisticsEnabled: true, defaultLanguage: "pl-pl" });
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await call(s, method, `/api${path}`, { token: admin, body });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body;
  };
  const at = (await api("POST", "/StorageSpace", { label: "WH-A" })).id;
  const milk = (await api("POST", "/Product", { index: "MILK-1", name: "Milk" })).id;
  doc = (await api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: at })).id;
  position =
    (await api("POST", "/WmsDocumentPosition", { documentId: doc, productId: milk, quantity: 1 })).id;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await s?.close();
});

function pageAs(username: string, path: string, locale = "en-US"): Promise<Page> {
  return signedInPage(browser, s, contexts, username, path, {
    locale,
    timeoutMs: 20_000,
    viewport: { width: 1400, height: 1000 },
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
}

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replace(`{${k}}`, v), text);
/** The error message beside the field (react-aria's FieldError, tied to the input by aria-describedby). */
const said = (box: Locator) =>
  box.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id))
      .filter((e) => e?.getAttribute("slot") === "errorMessage").map((e) => e!.textContent).join(" ").trim()
  );
const focused = (box: Locator) => box.evaluate((el) => document.activeElement === el);

async function typeInto(box: Locator, text: string) {
  await box.fill(text);
  await box.blur();
}

describe("a number typed wrong", () => {
  it(
    "stays in the document's quantity with what is wrong, and neither Save nor Confirm sends it",
    async () => {
      const page = await pageAs("clerk-cleo", `/warehouse-new-document/${doc}`);
      await waitForHydration(page);
      const box = page.getByTestId("document-editor").locator("tr[data-product='MILK-1']").getByRole(
        "textbox",
        {
          name: new RegExp(enUs["field.wmsDocumentPosition.quantity"]),
        },
      );
      for (
        const [typed, message] of [
          ["-5", fill(enUs["number.atLeast"], { min: "0" })],
          ["1e12", fill(enUs["number.atMost"], { max: "1,000,000,000" })],
          ["abc", enUs["number.invalid"]],
          ["2.0005", fill(enUs["number.decimals"], { count: "3" })],
        ]
      ) {
        await typeInto(box, typed);
        expect(await box.inputValue(), typed).toBe(typed);
        expect(await said(box), typed).toBe(message);
        expect(await box.getAttribute("aria-invalid")).toBe("true");
      }
      await page.getByTestId("document-editor").getByRole("button", {
        name: enUs["common.save"],
        exact: true,
      })
        .click();
      await page.getByText(enUs["error.formHasErrors"]).waitFor();
      expect(await focused(box)).toBe(true);
      await page.getByTestId("document-editor").getByRole("button", {
        name: enUs["document.action.confirm"],
        exact: true,
      }).click();
      const stored = await call(s, "GET", `/api/WmsDocumentPosition/${position}`, { token: admin });
      expect(stored.body.quantity).toBe(1);
      expect((await call(s, "GET", `/api/WmsDocument/${doc}`, { token: admin })).body.statusCode).toBe(
        "workingCopy",
      );

      // Emptied, it says it is needed (it does not turn into 0 under the fingers).
      await typeInto(box, "");
      expect(await box.inputValue()).toBe("");
      expect(await said(box)).toBe(enUs["validation.required"]);

      // Corrected, it is saved as typed.
      await typeInto(box, "12.5");
      expect(await said(box)).toBe("");
      await page.getByTestId("document-editor").getByRole("button", {
        name: enUs["common.save"],
        exact: true,
      })
        .click();
      await expect.poll(async () =>
        (await call(s, "GET", `/api/WmsDocumentPosition/${position}`, { token: admin })).body.quantity
      ).toBe(12.5);
    },
    60_000,
  );

  it(
    "stays in a product's weight, price and pallet quantity; the dialog saves nothing and shows the first",
    async () => {
      const page = await pageAs("clerk-cleo", "/products/new");
      await waitForHydration(page);
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("textbox", { name: enUs["field.product.index"], exact: true }).fill("ABSURD");
      await dialog.getByRole("textbox", { name: enUs["field.product.name"], exact: true }).fill("Absurd");
      const field = (key: keyof typeof enUs) => dialog.getByRole("textbox", { name: enUs[key], exact: true });
      const cases: [keyof typeof enUs, string, string][] = [
        ["field.product.weight", "-1", fill(enUs["number.atLeast"], { min: "0" })],
        ["field.product.cashValue", "1e12", fill(enUs["number.atMost"], { max: "1,000,000,000" })],
        ["field.product.palQuantity", "abc", enUs["number.invalid"]],
      ];
      for (const [key, typed, message] of cases) {
        await typeInto(field(key), typed);
        expect(await field(key).inputValue(), key).toBe(typed);
        expect(await said(field(key)), key).toBe(message);
      }
      await dialog.getByRole("button", { name: enUs["common.save"] }).click();
      await dialog.getByText(enUs["error.formHasErrors"]).waitFor();
      expect(await focused(field("field.product.weight"))).toBe(true);
      expect(page.url()).toMatch(/\/products\/new$/);
      const found = await call(s, "GET", "/api/Product?PageSize=100", { token: admin });
      expect(found.body.results.map((p: { index: string }) => p.index)).not.toContain("ABSURD");
      // Corrected, the product is saved with what was typed.
      for (const [key] of cases) {
        await typeInto(
          field(key),
          key === "field.product.weight" ? "2.5" : "3",
        );
      }
      await dialog.getByRole("button", { name: enUs["common.save"] }).click();
      await page.waitForURL(/\/products$/);
      const saved = await call(s, "GET", "/api/Product?PageSize=100", { token: admin });
      expect(saved.body.results.find((p: { index: string }) => p.index === "ABSURD")).toMatchObject({
        weight: 2.5,
        cashValue: 3,
      });
    },
    60_000,
  );

  it("stays in the location generator's levels instead of becoming another number", async () => {
    const page = await pageAs("clerk-cleo", "/warehouse-locations");
    await waitForHydration(page);
    await page.getByRole("button", { name: enUs["generator.open"] }).click();
    const generator = page.getByRole("dialog", { name: enUs["generator.title"] });
    const level = generator.getByRole("group", { name: fill(enUs["generator.level"], { n: "1" }) });
    await level.getByRole("textbox", { name: enUs["generator.prefix"] }).fill("A");
    const box = (key: keyof typeof enUs) => level.getByRole("textbox", { name: enUs[key] });
    for (
      const [key, typed, message] of [
        ["generator.quantity", "100000", fill(enUs["number.atMost"], { max: "1,000" })],
        ["generator.digits", "-3", fill(enUs["number.atLeast"], { min: "1" })],
        ["generator.beginFrom", "abc", enUs["number.invalid"]],
      ] as const
    ) {
      await typeInto(box(key), typed);
      expect(await box(key).inputValue(), key).toBe(typed);
      expect(await said(box(key)), key).toBe(message);
    }
    await generator.getByRole("button", { name: enUs["generator.generate"] }).click();
    await generator.getByText(enUs["error.formHasErrors"]).waitFor();
    expect(await focused(box("generator.quantity"))).toBe(true);
    const all = await call(s, "GET", "/api/StorageSpace?PageSize=100", { token: admin });
    expect(all.body.allFilteredRowCount).toBe(1);
  }, 60_000);

  it("is read and bounded the Polish way for a Polish clerk", async () => {
    const page = await pageAs("clerk-piotr", `/warehouse-new-document/${doc}`, "pl-PL");
    await waitForHydration(page);
    const box = page.getByTestId("document-editor").locator("tr[data-product='MILK-1']").getByRole(
      "textbox",
      {
        name: new RegExp(plPl["field.wmsDocumentPosition.quantity"]),
      },
    );
    await typeInto(box, "2000000000");
    // Polish groups thousands with a (narrow) no-break space.
    expect((await said(box)).replace(/\s/g, " ")).toBe(
      fill(plPl["number.atMost"], { max: "1 000 000 000" }),
    );
    await typeInto(box, "0,5");
    expect(await said(box)).toBe("");
    await page.getByTestId("document-editor").getByRole("button", { name: plPl["common.save"], exact: true })
      .click();
    await expect.poll(async () =>
      (await call(s, "GET", `/api/WmsDocumentPosition/${position}`, { token: admin })).body.quantity
    ).toBe(0.5);
  }, 60_000);
});

describe("a refused save", () => {
  it(
    "names a rule between two fields on both, focuses the first, and names a taken barcode's product",
    async () => {
      await call(s, "POST", "/api/Product", {
        token: admin,
        body: { index: "COD-1", name: "Cod", barcodes: ["5901234000017"] },
      });
      const page = await pageAs("clerk-cleo", "/products/new");
      await waitForHydration(page);
      const dialog = page.getByRole("dialog");
      const field = (key: keyof typeof enUs) => dialog.getByRole("textbox", { name: enUs[key], exact: true });
      await field("field.product.index").fill("RULES");
      await field("field.product.name").fill("Rules");
      for (
        const [key, value] of [
          ["field.product.warningStock", "5"],
          ["field.product.criticalStock", "10"],
          ["field.product.minTemperature", "8"],
          ["field.product.maxTemperature", "2"],
        ] as const
      ) await typeInto(field(key), value);
      await dialog.getByRole("button", { name: enUs["common.save"] }).click();
      const rule = enUs["validation.criticalAboveWarning"];
      await expect.poll(() => said(field("field.product.criticalStock"))).toBe(rule);
      expect(await said(field("field.product.warningStock"))).toBe(rule);
      expect(await said(field("field.product.minTemperature"))).toBe(enUs["validation.minAboveMax"]);
      expect(await said(field("field.product.maxTemperature"))).toBe(enUs["validation.minAboveMax"]);
      // Focus went to the first field marked wrong, in the page's order, not to the page's body.
      const focusedName = await page.evaluate(() =>
        document.activeElement instanceof HTMLInputElement &&
        document.activeElement.getAttribute("aria-invalid")
      );
      expect(focusedName).toBe("true");

      await typeInto(field("field.product.criticalStock"), "1");
      await typeInto(field("field.product.minTemperature"), "1");
      const barcode = dialog.getByRole("textbox", {
        name: enUs["master.newValue"].replace("{field}", enUs["field.product.barcodes"]),
      });
      await barcode.fill("5901234000017");
      await barcode.press("Enter");
      await dialog.getByRole("button", { name: enUs["common.save"] }).click();
      await dialog.getByText(
        enUs["apiError.record.uniqueConflict.value"].replace("{value}", "5901234000017").replace(
          "{owner}",
          "COD-1",
        ),
      ).waitFor();
      // Focus stayed in the dialog, so Escape still works there; with changes, it asks first.
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      const ask = page.getByRole("alertdialog", { name: enUs["dialog.discardTitle"] });
      await ask.getByRole("button", { name: enUs["dialog.keepEditing"] }).click();
      expect(await field("field.product.index").inputValue()).toBe("RULES");
      await dialog.getByRole("button", { name: enUs["common.cancel"] }).click();
      await ask.getByRole("button", { name: enUs["dialog.discard"] }).click();
      await page.waitForURL(/\/products$/);
      expect(await page.getByRole("dialog").count()).toBe(0);
      // A dialog left as it opened closes at once.
      await page.goto(s.baseUrl + "/products/new");
      await waitForHydration(page);
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      await page.waitForURL(/\/products$/);
      expect(await page.getByRole("alertdialog").count()).toBe(0);
    },
    60_000,
  );

  it("calls a saved new document by its number", async () => {
    const page = await pageAs("clerk-cleo", "/warehouse-new-document");
    await waitForHydration(page);
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.textContent()).toBe(enUs["route.warehouse-new-document"]);
    const editor = page.getByTestId("document-editor");
    await editor.getByRole("button", { name: new RegExp(enUs["field.wmsDocument.typeCode"]) }).click();
    await page.getByRole("option", { name: enUs["document.type.IIN"], exact: true }).click();
    await editor.getByRole("combobox", { name: enUs["field.wmsDocument.destinationLocationId"] }).fill(
      "WH-A",
    );
    await page.getByRole("option", { name: "WH-A", exact: true }).click();
    await editor.getByRole("button", { name: enUs["common.save"], exact: true }).click();
    await page.waitForURL(/\/warehouse-new-document\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    const number = (await call(s, "GET", `/api/WmsDocument/${id}`, { token: admin })).body.documentNumber;
    await expect.poll(() => heading.textContent()).toBe(enUs["documents.title"].replace("{number}", number));
  }, 60_000);
});

describe("dates in the interface language", () => {
  it("are typed and shown day.month.year in Polish and German, whatever the browser's locale", async () => {
    for (
      const [lang, label] of [["pl-pl", plPl["stock.dateFrom"]], ["de-de", deDe["stock.dateFrom"]]] as const
    ) {
      // An English browser whose user chose another interface language.
      const page = await pageAs("clerk-cleo", "/", "en-US");
      await page.context().addCookies([{ name: "wms_lang", value: lang, url: s.baseUrl }]);
      await page.goto(s.baseUrl + "/warehouse-product-movements");
      await waitForHydration(page);
      const from = dateField(page, label);
      await from.getByRole("spinbutton").first().waitFor();
      const order = await from.getByRole("spinbutton").evaluateAll((els) =>
        els.map((e) => e.getAttribute("data-type"))
      );
      expect(order, lang).toEqual(["day", "month", "year"]);
      const literal = await from.locator('[data-type="literal"]').first().textContent();
      expect(literal, lang).toBe(".");
      await typeDate(from, "2026-03-01");
      expect(await dateValue(from), lang).toBe("2026-03-01");
      // As the one date format writes it (shared/i18n/dates.ts): day and month of two digits.
      expect((await from.textContent())?.replace(/\s/g, ""), lang).toBe("01.03.2026");
    }
  }, 60_000);

  it("are typed month/day/year in English", async () => {
    const page = await pageAs("clerk-cleo", "/warehouse-product-movements", "pl-PL");
    await page.context().addCookies([{ name: "wms_lang", value: "en-us", url: s.baseUrl }]);
    await page.reload();
    await waitForHydration(page);
    const from = dateField(page, enUs["stock.dateFrom"]);
    await from.getByRole("spinbutton").first().waitFor();
    const order = await from.getByRole("spinbutton").evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-type"))
    );
    expect(order).toEqual(["month", "day", "year"]);
  }, 60_000);
});
