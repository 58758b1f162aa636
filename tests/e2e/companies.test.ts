// Business → companies, contacts and addresses (with tags and dictionaries), the generic resource screens in
// a real browser against the real server: a business manager sets up a contractor from nothing (a coloured
// tag, a company group, an address with coordinates, the company with its links and bank data, a contact
// person), edits it, filters and searches the lists, and is refused the delete of a company a contact
// belongs to; a contractor user sees only their own company, read-only, and is told they may not see
// addresses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, waitForHydration, waitForListCount } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let s: TestServer;
let browser: Browser;
let admin: string;
let managerToken: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "acme");
  admin = (await signIn(s, "acme-admin")).token;
  await addUser(s, admin, { username: "manager-mia", visibleName: "Mia Manager", isPowerUser: true });
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
  return signedInPage(browser, s, contexts, username, path, { timeoutMs: 20_000 });
}

// deno-lint-ignore no-explicit-any
async function list(path: string): Promise<any[]> {
  const r = await call(s, "GET", `/api/${path}?PageNumber=1&PageSize=100`, { token: managerToken });
  expect(r.status).toBe(200);
  return r.body.results;
}

const dialog = (page: Page) => page.getByRole("dialog");
const row = (page: Page, name: string) => page.locator("[data-row-id]").filter({ hasText: name });
const textbox = (page: Page, key: keyof typeof enUs) =>
  dialog(page).getByRole("textbox", { name: enUs[key], exact: true });
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replace(`{${k}}`, v), text);

async function goTo(page: Page, route: string): Promise<void> {
  await page.locator("nav").getByRole("link", { name: enUs[`route.${route}` as keyof typeof enUs] }).click();
  await page.waitForURL(new RegExp(`/${route}$`));
}

async function save(page: Page, route: string): Promise<void> {
  await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
  await page.waitForURL(new RegExp(`/${route}$`));
}

/** Types into a reference picker (one link, or the search box of several) and picks the option named. */
async function pick(page: Page, box: string, typed: string, option: string): Promise<void> {
  await dialog(page).getByRole("combobox", { name: box, exact: true }).fill(typed);
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Shows a hidden list column through the column chooser. */
async function showColumn(page: Page, label: string): Promise<void> {
  await page.getByRole("button", { name: enUs["list.columns"] }).click();
  await page.getByRole("menuitemcheckbox", { name: label }).click();
  await page.keyboard.press("Escape");
}

async function filterBy(page: Page, label: string): Promise<ReturnType<typeof dialog>> {
  await page.getByRole("button", { name: fill(enUs["list.filter"], { column: label }), exact: true }).click();
  return page.getByRole("dialog");
}

describe("a business manager", () => {
  it("sets up a contractor with its tags, group, address, bank data and contact person", async () => {
    const page = await pageAs("manager-mia", "/");

    // A tag with a colour, saved in capitals.
    await goTo(page, "tags");
    await page.getByRole("button", { name: enUs["resource.tag.add"] }).click();
    await textbox(page, "field.tag.name").fill("Vip");
    await textbox(page, "field.common.colour").fill("#FF8800");
    await save(page, "tags");
    await row(page, "VIP").getByRole("img").waitFor();
    expect(await row(page, "VIP").textContent()).toContain("#ff8800");
    const vip = (await list("Tags")).find((t) => t.name === "VIP");
    expect(vip).toMatchObject({ colour: "#ff8800" });
    await call(s, "POST", "/api/Tags", { token: managerToken, body: { name: "Cold chain" } });

    // A company group: a dictionary entry of the group companyGroup.
    await goTo(page, "dictionaries");
    await page.getByRole("button", { name: enUs["resource.dictionary.add"] }).click();
    await textbox(page, "field.dictionary.group").fill("companyGroup");
    await textbox(page, "field.dictionary.code").fill("key");
    await textbox(page, "field.dictionary.value").fill("Key accounts");
    await save(page, "dictionaries");
    await row(page, "Key accounts").waitFor();
    expect(await row(page, "Key accounts").textContent()).toContain("KEY");

    // An address with coordinates: half a point is refused beside the missing half.
    await goTo(page, "addresses");
    await page.getByRole("button", { name: enUs["resource.address.add"] }).click();
    await textbox(page, "field.address.street").fill("Prosta");
    await textbox(page, "field.address.number").fill("20");
    await textbox(page, "field.address.postalCode").fill("00-850");
    await textbox(page, "field.address.city").fill("Warsaw");
    await textbox(page, "field.address.country").fill("pl");
    const lat = textbox(page, "master.latitude");
    const lng = textbox(page, "master.longitude");
    await lat.fill("52.2297");
    await lat.press("Tab");
    await dialog(page).getByRole("button", { name: enUs["common.save"] }).click();
    await dialog(page).getByText(enUs["error.formHasErrors"]).waitFor();
    expect(await lng.getAttribute("aria-invalid")).toBe("true");
    const described = (await lng.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${described.split(/\s+/)[0]}"]`).textContent()).toBe(
      enUs["validation.required"],
    );
    await lng.fill("21.0122");
    await lng.press("Tab");
    await save(page, "addresses");
    await row(page, "Warsaw").waitFor();
    expect(await row(page, "Warsaw").textContent()).toContain("PL");
    const address = (await list("Address"))[0];
    expect(address).toMatchObject({
      city: "Warsaw",
      country: "PL",
      coordinates: { lat: 52.2297, lng: 21.0122 },
    });

    // The contractor, under a holding, with every kind of link.
    const holding = await call(s, "POST", "/api/Company", {
      token: managerToken,
      body: { shortName: "Nord holding", keyRole: "other" },
    });
    expect(holding.status).toBe(201);
    await goTo(page, "companies");
    await waitForListCount(page, "1 record");
    await page.getByRole("button", { name: enUs["resource.company.add"] }).click();
    await textbox(page, "field.company.shortName").fill("Nordfrost");
    await textbox(page, "field.company.fullName").fill("Nordfrost Logistics Ltd");
    await textbox(page, "field.company.taxId").fill("pl5250001009");
    await pick(page, enUs["field.company.parentId"], "hold", "NORD HOLDING");
    // Addresses are offered on one line, as the list shows them.
    await pick(page, enUs["field.company.addressId"], "pros", "Prosta 20, 00-850 Warsaw, PL");
    await textbox(page, "field.company.officeMail").fill("office@nordfrost.example");
    await textbox(page, "field.company.officePhoneNumber").fill("+48 22 100 20 30");
    await textbox(page, "field.company.bankName").fill("PKO BP");
    await textbox(page, "field.company.bankAccountNumber").fill("pl61109010140000071219812874");
    await textbox(page, "field.company.swift").fill("bpkoplpw");
    const addTag = fill(enUs["master.addLink"], { field: enUs["field.company.tagIds"] });
    await pick(page, addTag, "vi", "VIP");
    // After a pick the suggestions close and the focus stays in an empty box, ready for the next one.
    const addTagBox = dialog(page).getByRole("combobox", { name: addTag, exact: true });
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "combobox");
    expect(await page.getByRole("listbox").count()).toBe(0);
    expect(await addTagBox.inputValue()).toBe("");
    expect(await addTagBox.evaluate((el) => el === document.activeElement)).toBe(true);
    // A group picked with the keyboard alone: Enter takes the suggestion and does not save the form.
    const addGroup = fill(enUs["master.addLink"], { field: enUs["field.company.groupIds"] });
    await dialog(page).getByRole("combobox", { name: addGroup, exact: true }).focus();
    await page.keyboard.type("key");
    await page.getByRole("option", { name: "Key accounts" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    // Picked links show by name, removable.
    await dialog(page).getByRole("button", { name: fill(enUs["master.remove"], { value: "VIP" }) }).waitFor();
    await dialog(page).getByRole("button", { name: fill(enUs["master.remove"], { value: "Key accounts" }) })
      .waitFor();
    await save(page, "companies");
    await waitForListCount(page, "2 records");
    const company = (await list("Company")).find((c) => c.shortName === "NORDFROST");
    expect(company).toMatchObject({
      fullName: "Nordfrost Logistics Ltd",
      taxId: "PL5250001009",
      keyRole: "contractor",
      parentId: holding.body.id,
      addressId: address.id,
      officeMail: "office@nordfrost.example",
      officePhoneNumber: "+48221002030",
      bankName: "PKO BP",
      bankAccountNumber: "PL61109010140000071219812874",
      swift: "BPKOPLPW",
      tagIds: [vip.id],
    });
    expect(company.groupIds).toHaveLength(1);

    // The list names the linked records: the address, the parent, the tags and groups.
    const line = row(page, "NORDFROST");
    await line.waitFor();
    await showColumn(page, enUs["field.company.parentId"]);
    await showColumn(page, enUs["field.company.tagIds"]);
    await showColumn(page, enUs["field.company.groupIds"]);
    const text = await line.textContent();
    expect(text).toContain("PL5250001009");
    expect(text).toContain("Prosta 20, 00-850 Warsaw");
    expect(text).toContain("NORD HOLDING");
    expect(text).toContain("VIP");
    expect(text).toContain("Key accounts");

    // Edit: the pickers show the linked records by name; the address is cleared, a tag added.
    await line.click();
    await page.waitForURL(new RegExp(`/companies/${company.id}$`));
    const addressBox = dialog(page).getByRole("combobox", {
      name: enUs["field.company.addressId"],
      exact: true,
    });
    await page.waitForFunction(
      () =>
        (document.querySelector('[role="dialog"] input[name="addressId"]') as HTMLInputElement)?.value !== "",
    );
    expect(await addressBox.inputValue()).toBe("Prosta 20, 00-850 Warsaw, PL");
    expect(
      await dialog(page).getByRole("combobox", { name: enUs["field.company.parentId"], exact: true })
        .inputValue(),
    ).toBe("NORD HOLDING");
    await dialog(page).getByRole("button", { name: fill(enUs["master.remove"], { value: "VIP" }) }).waitFor();
    await dialog(page).getByRole("button", {
      name: fill(enUs["master.clear"], { field: enUs["field.company.addressId"] }),
    }).click();
    expect(await addressBox.inputValue()).toBe("");
    await pick(page, addTag, "cold", "COLD CHAIN");
    await textbox(page, "field.company.fullName").fill("Nordfrost Cold Logistics Ltd");
    await save(page, "companies");
    await row(page, "COLD CHAIN").waitFor();
    const edited = (await list("Company")).find((c) => c.id === company.id);
    expect(edited).toMatchObject({ fullName: "Nordfrost Cold Logistics Ltd", addressId: null, version: 2 });
    expect(edited.tagIds).toHaveLength(2);

    // A contact person of the company, with a tag.
    await goTo(page, "contacts");
    await page.getByRole("button", { name: enUs["resource.person.add"] }).click();
    await textbox(page, "field.person.firstName").fill("Anna");
    await textbox(page, "field.person.lastName").fill("Kowalska");
    await textbox(page, "field.person.email").fill("anna@nordfrost.example");
    await pick(page, enUs["field.person.companyId"], "nord", "NORDFROST");
    await pick(page, fill(enUs["master.addLink"], { field: enUs["field.person.tagIds"] }), "vip", "VIP");
    await save(page, "contacts");
    await row(page, "Kowalska").waitFor();
    expect(await row(page, "Kowalska").textContent()).toContain("NORDFROST");
    const [anna] = await list("Person");
    expect(anna).toMatchObject({ companyId: company.id, tagIds: [vip.id], companyName: "NORDFROST" });
  }, 120_000);

  it("filters companies and contacts by links and roles, and searches them", async () => {
    await call(s, "POST", "/api/Company", {
      token: managerToken,
      body: { shortName: "Fresh supplies", keyRole: "supplier" },
    });
    await call(s, "POST", "/api/Person", {
      token: managerToken,
      body: { firstName: "Jan", lastName: "Nowak" },
    });
    const page = await pageAs("manager-mia", "/companies");
    await waitForListCount(page, "3 records");

    const role = enUs["field.company.keyRole"];
    let editor = await filterBy(page, role);
    await editor.getByRole("button", { name: new RegExp(enUs["list.value"]) }).click();
    await page.getByRole("option", { name: enUs["option.keyRole.supplier"] }).click();
    await editor.getByRole("button", { name: enUs["list.apply"] }).click();
    await waitForListCount(page, "1 record");
    await row(page, "FRESH SUPPLIES").waitFor();
    const chip = `${role} ${enUs["list.op.eq"]} ${enUs["option.keyRole.supplier"]}`;
    await page.getByRole("button", { name: fill(enUs["list.removeFilter"], { filter: chip }) }).click();
    await waitForListCount(page, "3 records");

    // The parent column filters by a company picked by name.
    const parent = enUs["field.company.parentId"];
    await showColumn(page, parent);
    editor = await filterBy(page, parent);
    await editor.getByRole("combobox", { name: enUs["list.value"] }).fill("hold");
    await page.getByRole("option", { name: "NORD HOLDING" }).click();
    await editor.getByRole("button", { name: enUs["list.apply"] }).click();
    await waitForListCount(page, "1 record");
    await row(page, "NORDFROST").waitFor();
    await page.getByRole("button", { name: enUs["list.clearFilters"] }).click();
    await waitForListCount(page, "3 records");

    await page.getByRole("searchbox", { name: enUs["list.search"] }).fill("fresh");
    await waitForListCount(page, "1 record");
    await row(page, "FRESH SUPPLIES").waitFor();

    // Contacts filtered by their company.
    await page.goto(s.baseUrl + "/contacts");
    await waitForHydration(page);
    await waitForListCount(page, "2 records");
    editor = await filterBy(page, enUs["field.person.companyId"]);
    await editor.getByRole("combobox", { name: enUs["list.value"] }).fill("nordf");
    await page.getByRole("option", { name: "NORDFROST" }).click();
    await editor.getByRole("button", { name: enUs["list.apply"] }).click();
    await waitForListCount(page, "1 record");
    await row(page, "Kowalska").waitFor();
  }, 90_000);

  it("is told a company with a contact person cannot be deleted", async () => {
    const company = (await list("Company")).find((c) => c.shortName === "NORDFROST");
    const page = await pageAs("manager-mia", `/companies/${company.id}`);
    await dialog(page).getByRole("button", { name: enUs["dialog.delete"] }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: enUs["dialog.delete"] }).click();
    await dialog(page).getByText(enUs["apiError.record.foreignKey.company"]).waitFor();
    // Deleting it from the list's selection says the same in a toast. (Escape goes to the dialog itself:
    // once the confirmation has closed, the page's focus may be elsewhere, and a key there closes nothing.)
    await dialog(page).press("Escape");
    await page.waitForURL(/\/companies$/);
    await page.getByRole("searchbox", { name: enUs["list.search"] }).fill("nordfrost");
    await waitForListCount(page, "1 record");
    await page.locator("label").filter({ has: page.getByRole("checkbox", { name: enUs["list.selectAll"] }) })
      .click();
    await page.getByRole("button", { name: enUs["list.deleteSelected"] }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: enUs["dialog.delete"] }).click();
    await page.getByText(enUs["apiError.record.foreignKey.company"]).waitFor();
    expect((await list("Company")).some((c) => c.id === company.id)).toBe(true);
  }, 60_000);
});

describe("a contractor user", () => {
  it("sees only their own company, read-only, and is told addresses are not for them", async () => {
    const company = (await list("Company")).find((c) => c.shortName === "NORDFROST");
    await addUser(s, admin, {
      username: "contractor-carl",
      visibleName: "Carl Contractor",
      contractorPortalEnabled: true,
      connectedContractorId: company.id,
    });
    const page = await pageAs("contractor-carl", "/companies");
    await waitForListCount(page, "1 record");
    await row(page, "NORDFROST").waitFor();
    expect(await page.getByRole("button", { name: enUs["resource.company.add"] }).count()).toBe(0);
    await row(page, "NORDFROST").click();
    await page.waitForURL(new RegExp(`/companies/${company.id}/preview$`));
    await page.getByTestId("record-form").getByText("Nordfrost Cold Logistics Ltd").waitFor();
    expect(await dialog(page).getByRole("textbox").count()).toBe(0);
    expect(await dialog(page).getByRole("button", { name: enUs["common.save"] }).count()).toBe(0);

    await page.goto(s.baseUrl + "/addresses");
    await waitForHydration(page);
    await page.getByRole("heading", { name: enUs["route.addresses"] }).waitFor();
    await page.getByText(enUs["list.forbidden"]).waitFor();
    await page.getByText(enUs["apiError.auth.forbidden"]).waitFor();
    // No search, columns or empty table for a list that cannot be read.
    expect(await page.getByRole("searchbox").count()).toBe(0);
    expect(await page.getByTestId("list-grid").count()).toBe(0);
    expect(await page.getByTestId("list-count").count()).toBe(0);
  }, 60_000);
});
