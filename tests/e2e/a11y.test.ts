// An axe-core scan of each main screen, in both themes (tests/e2e/axe.ts): no serious or critical violation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { call, createTenant, PASSWORD, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, signedInPage, signInThroughForm, waitForHydration } from "./browser.ts";
import { scan } from "./axe.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let s: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let groupId: number;
let companyId: number;
let locationId: number;
let productId: number;
let releaseId: number;
beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "acme");
  // A product group with every kind of value its screen shows: a colour and an assigned user.
  const admin = (await signIn(s, "acme-admin")).token;
  const group = await call(s, "POST", "/api/ProductGroup", {
    token: admin,
    body: { name: "Frozen food", colour: "#1e90ff", icon: "snow", assignedUserId: 1 },
  });
  groupId = group.body.id;
  // A company with a tag and a contact person of it: their lists and the company's edit dialog.
  const tag = await call(s, "POST", "/api/Tags", { token: admin, body: { name: "VIP", colour: "#ff8800" } });
  await call(s, "POST", "/api/Tags", { token: admin, body: { name: "Cold chain" } });
  const company = await call(s, "POST", "/api/Company", {
    token: admin,
    body: { shortName: "Nordfrost", keyRole: "contractor", tagIds: [tag.body.id] },
  });
  companyId = company.body.id;
  await call(s, "POST", "/api/Person", {
    token: admin,
    body: { firstName: "Anna", lastName: "Kowalska", companyId, tagIds: [tag.body.id] },
  });
  // A location with a child (the tree's expandable row) and a barcode to draw.
  const root = await call(s, "POST", "/api/StorageSpace", {
    token: admin,
    body: { label: "WH1", cooled: true },
  });
  await call(s, "POST", "/api/StorageSpace", {
    token: admin,
    body: { label: "WH1-A01", parentId: root.body.id },
  });
  locationId = root.body.id;
  // A product with two barcodes to draw and a custom field: the rows table in its edit dialog and preview.
  const product = await call(s, "POST", "/api/Product", {
    token: admin,
    body: {
      name: "Milk 1 l",
      index: "MILK-1L",
      barcodes: ["5901234123457", "MILK/1L"],
      mainGroupId: groupId,
      contractorId: companyId,
      // Its 3 pieces in stock are below this: the total stock's "low" badge.
      warningStock: 5,
      customFields: [{ code: "FAT", name: "Fat content", type: "number", printId: "P1" }],
    },
  });
  productId = product.body.id;
  // Warehouse documents: a confirmed receipt (3 pieces into WH1) and a working copy releasing more than
  // that, whose confirmation shows an issue at its position.
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await call(s, "POST", path, { token: admin, body });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body;
  };
  const receipt = await post("/api/WmsDocument", { typeCode: "IIN", destinationLocationId: locationId });
  await post("/api/WmsDocumentPosition", { documentId: receipt.id, productId, quantity: 3 });
  await post(`/api/WmsDocument/${receipt.id}/confirm`, {});
  const release = await post("/api/WmsDocument", { typeCode: "DOU", sourceLocationId: locationId });
  await post("/api/WmsDocumentPosition", { documentId: release.id, productId, quantity: 50 });
  releaseId = release.id;
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await s?.close();
});

/** A page signed in as the administrator at `path`, the policy bypassed for axe (tests/e2e/axe.ts). */
const adminPage = (path: string) =>
  signedInPage(browser, s, contexts, "acme-admin", path, { bypassCSP: true });

// The scans of every screen, each in both themes, take longer than a single test's default on a loaded machine
// (the first 93 s on a clean clone's gate running three times slow).
describe("every main screen in both themes", { timeout: 180_000 }, () => {
  it("the sign-in screen, the start page with the menu, the screens and the missing page pass axe", async () => {
    // The theme a person chose before, from its cookie: the server renders the sign-in screen in it.
    const context = await browser.newContext({ locale: "en-US", colorScheme: "dark", bypassCSP: true });
    contexts.push(context);
    await context.addCookies([{ name: "wms_theme", value: "dark", url: s.baseUrl }]);
    const page = await context.newPage();
    await page.goto(s.baseUrl + "/signin");
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    const found: string[] = [];
    found.push(...await scan(page, "/signin"));
    await signInThroughForm(page, "acme-admin", PASSWORD);
    await page.waitForURL(/\/$/);
    await page.locator("nav a").first().waitFor();
    found.push(...await scan(page, "/"));
    const paths = [
      "/companies",
      "/no-such-screen",
      "/users",
      "/users/1",
      "/my-company",
      "/my-account",
      "/product-groups",
    ];
    for (const path of [...paths, "/product-groups/new", `/product-groups/${groupId}`, "/contacts"]) {
      await page.goto(s.baseUrl + path);
      await waitForHydration(page);
      await page.locator("nav a").first().waitFor();
      if (path.startsWith("/product-groups")) {
        await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
        if (path !== "/product-groups") await page.getByTestId("record-form").waitFor();
      }
      if (path === "/my-account") await page.getByTestId("mfa-passkeys").waitFor();
      if (path === "/companies" || path === "/contacts") {
        await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
      }
      found.push(...await scan(page, path));
    }
    // The reference picker with its suggestions open.
    await page.goto(s.baseUrl + "/product-groups/new");
    await waitForHydration(page);
    await page.getByRole("dialog").getByRole("combobox").fill("acme");
    await page.getByRole("option").first().waitFor();
    found.push(...await scan(page, "/product-groups/new (suggestions)"));
    // A company's edit dialog with its linked tag, then with the tags' multi-picker offering the other.
    await page.goto(s.baseUrl + `/companies/${companyId}`);
    await waitForHydration(page);
    await page.getByRole("dialog").getByRole("button", { name: "Remove VIP" }).waitFor();
    found.push(...await scan(page, `/companies/${companyId}`));
    await page.getByRole("dialog").getByRole("combobox", { name: "Add to Tags" }).fill("cold");
    await page.getByRole("option", { name: "COLD CHAIN" }).waitFor();
    found.push(...await scan(page, `/companies/${companyId} (tags)`));
    expect(found).toEqual([]);
  });

  it("the products list, a product's edit dialog with its custom fields and its preview pass axe", async () => {
    const page = await adminPage("/products");
    const found: string[] = [];
    for (const path of ["/products", `/products/${productId}`, `/products/${productId}/preview`]) {
      if (path !== "/products") {
        await page.goto(s.baseUrl + path);
        await waitForHydration(page);
      }
      await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
      // The custom fields as the rows table: cells to edit, or values in the preview with the barcodes.
      if (path === `/products/${productId}`) {
        await page.locator('[role="dialog"] input[name="customFields.0.code"]').waitFor();
      }
      if (path.endsWith("/preview")) {
        await page.getByRole("dialog").getByText("Fat content").waitFor();
        await page.getByRole("dialog").getByTestId("barcode").nth(1).waitFor();
      }
      found.push(...await scan(page, path));
    }
    expect(found).toEqual([]);
  });

  it("the documents, a document's preview with its issues, the editor and the positions pass axe", async () => {
    // The list with both status badges and the progress bars.
    const page = await adminPage("/warehouse-documents");
    const found: string[] = [];
    await page.locator('[data-testid="list-grid"] [data-status="confirmed"]').waitFor();
    await page.locator('[data-testid="list-grid"] [data-status="workingCopy"]').waitFor();
    found.push(...await scan(page, "/warehouse-documents"));
    // The working copy's preview, then its confirmation refused with the issue at the position.
    await page.goto(s.baseUrl + `/warehouse-documents/${releaseId}`);
    await waitForHydration(page);
    const preview = page.getByTestId("document-preview");
    await preview.getByTestId("document-positions").waitFor();
    found.push(...await scan(page, `/warehouse-documents/${releaseId}`));
    await preview.getByRole("button", { name: enUs["document.action.confirm"], exact: true }).click();
    await preview.getByTestId("position-issues").waitFor();
    found.push(...await scan(page, `/warehouse-documents/${releaseId} (issues)`));
    // The editor, new and with a position, and the positions list.
    for (const path of ["/warehouse-new-document", `/warehouse-new-document/${releaseId}`]) {
      await page.goto(s.baseUrl + path);
      await waitForHydration(page);
      await page.getByTestId("document-editor").waitFor();
      if (path !== "/warehouse-new-document") await page.locator("tr[data-position-id]").waitFor();
      found.push(...await scan(page, path));
    }
    await page.goto(s.baseUrl + "/warehouse-documents-positions");
    await waitForHydration(page);
    await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
    found.push(...await scan(page, "/warehouse-documents-positions"));
    expect(found).toEqual([]);
  });

  it("the total stock with its badge, the product's inventory and the movement statistics pass axe", async () => {
    const page = await adminPage("/warehouse-product-stock");
    const found: string[] = [];
    await page.locator('[data-testid="list-grid"] [data-level="warning"]').waitFor();
    found.push(...await scan(page, "/warehouse-product-stock"));
    await page.goto(s.baseUrl + `/warehouse-product-inventory/product/${productId}`);
    await waitForHydration(page);
    await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
    found.push(...await scan(page, "/warehouse-product-inventory"));
    await page.goto(s.baseUrl + "/warehouse-product-movements");
    await waitForHydration(page);
    await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
    found.push(...await scan(page, "/warehouse-product-movements"));
    await page.goto(s.baseUrl + "/warehouse-product-group-movements");
    await waitForHydration(page);
    await page.getByRole("table", { name: enUs["route.warehouse-product-group-movements"] }).waitFor();
    found.push(...await scan(page, "/warehouse-product-group-movements"));
    expect(found).toEqual([]);
  });

  it("the calendar's four views, the warehouse map, the price list and the import pass axe", async () => {
    const admin = (await signIn(s, "acme-admin")).token;
    const dock = await call(s, "POST", "/api/StorageSpace", {
      token: admin,
      body: { label: "A11Y-DOCK", zoneReceipt: true },
    });
    // A receipt at the dock, removed at the end (the documents' own scan counts the working copies).
    const receipt = await call(s, "POST", "/api/WmsDocument", {
      token: admin,
      body: {
        typeCode: "DIN",
        destinationLocationId: dock.body.id,
        plannedDate: "2026-11-24T09:00:00Z",
        deadline: "2026-11-24",
      },
    });
    await call(s, "POST", "/api/Calendar", {
      token: admin,
      body: {
        title: "Dock cleaning",
        startDate: "2026-11-24T09:30:00Z",
        resourceSubType: "dock",
        locationId: dock.body.id,
      },
    });
    const found: string[] = [];
    let page: Page | undefined;
    for (const route of ["month", "day", "agenda-day", "resources"]) {
      const path = `/warehouse-calendar-${route}?date=2026-11-24`;
      if (page) {
        await page.goto(s.baseUrl + path);
        await waitForHydration(page);
      } else page = await adminPage(path);
      await page.locator("[data-entry]").first().waitFor();
      found.push(...await scan(page, `/warehouse-calendar-${route}`));
    }
    // A hall with its plan and a rack placed on it; the price list.
    const hall = await call(s, "POST", "/api/StorageSpace", {
      token: admin,
      body: { label: "A11Y-HALL" },
    });
    await call(s, "POST", "/api/StorageSpace", {
      token: admin,
      body: {
        label: "A11Y-RACK",
        parentId: hall.body.id,
        capacityKg: 100,
        coordinateX: 100,
        coordinateY: 100,
        dimensionX: 200,
        dimensionY: 300,
      },
    });
    const plan = Deno.readTextFileSync("/work/shared/testdata/svg/floorplans/test_plate.svg");
    await call(s, "POST", `/api/StorageSpace/${hall.body.id}/schema`, {
      token: admin,
      body: { fileName: "plan.svg", content: plan },
    });
    await page!.goto(s.baseUrl + "/warehouse-map");
    await waitForHydration(page!);
    await page!.locator("[data-place]").first().waitFor();
    found.push(...await scan(page!, "/warehouse-map"));
    await page!.goto(s.baseUrl + "/products-price-list");
    await waitForHydration(page!);
    await page!.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
    found.push(...await scan(page!, "/products-price-list"));
    await page!.goto(s.baseUrl + "/import-file");
    await waitForHydration(page!);
    await page!.locator('input[name="importFile"]').waitFor();
    found.push(...await scan(page!, "/import-file"));
    await page!.close();
    expect((await call(s, "DELETE", `/api/WmsDocument/${receipt.body.id}`, { token: admin })).status).toBe(
      204,
    );
    expect(found).toEqual([]);
  });

  it("the location tree, a location's barcode and the generator pass axe", async () => {
    const page = await adminPage("/warehouse-locations");
    const found: string[] = [];
    // The location tree, one level open, and a location's preview with its barcode.
    await page.getByRole("tab", { name: enUs["locations.viewTree"] }).click();
    await page.getByRole("treegrid").getByRole("row", { name: "WH1" }).getByRole("button").click();
    await page.getByRole("treegrid").getByRole("row", { name: "WH1-A01" }).waitFor();
    found.push(...await scan(page, "/warehouse-locations (tree)"));
    await page.goto(s.baseUrl + `/warehouse-locations/${locationId}/preview`);
    await waitForHydration(page);
    await page.getByRole("dialog").getByTestId("barcode").waitFor();
    found.push(...await scan(page, `/warehouse-locations/${locationId}/preview`));
    // The generator with its preview shown.
    await page.goto(s.baseUrl + "/warehouse-locations");
    await waitForHydration(page);
    await page.getByRole("button", { name: enUs["generator.open"] }).click();
    await page.getByRole("dialog").getByRole("button", { name: enUs["generator.preview"] }).click();
    await page.getByTestId("generator-preview").waitFor();
    found.push(...await scan(page, "/warehouse-locations (generator)"));
    expect(found).toEqual([]);
  });
});
