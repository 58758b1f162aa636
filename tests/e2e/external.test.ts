// A shop connected and its products imported and linked, in real Chromium (issue 19): an administrator
// opens the shop's credentials, connects the shop (the browser goes to the shop's approval page on loopback,
// which posts the keys to our server and sends the browser back to the activation screen), imports the
// shop's products with the progress shown, and links one that no EAN matched to one of our products.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { product, startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { type FakeShop, makeProducts, startShop } from "../fixtures/woocommerce.ts";
import { type FakeCarrier, startCarrier } from "../fixtures/shipengine.ts";
import { location } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
let shop: FakeShop;
let carrier: FakeCarrier;
let creds: number;
let tea: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startStockWorld("external-e2e", (baseUrl) => ({ publicUrl: baseUrl }));
  shop = await startShop(makeProducts(130));
  carrier = await startCarrier();
  tea = await product(w, "EXT-TEA", { name: "Green tea" });
  await product(w, "EXT-EAN", { name: "Matched by EAN", barcodes: ["5900000000003"] });
  creds = (await w.api("POST", "/ExternalCredentials", {
    serviceType: "onlineShop",
    serviceCodeName: "woocommerce",
    baseUrl: shop.url,
    description: "Tea shop",
  })).body.id;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await shop?.close();
  await carrier?.close();
  await w?.s.close();
});

describe("an online shop", () => {
  it("is connected through its approval page, imported with progress, and a product linked by hand", async () => {
    const options = { timeoutMs: 20_000, goto: { waitUntil: "domcontentloaded" as const, timeout: 60_000 } };
    const page = await signedInPage(
      browser,
      w.s,
      contexts,
      "external-e2e-admin",
      `/external-credentials/${creds}`,
      options,
    );
    const panel = page.getByTestId("external-panel");
    await panel.getByText(enUs["external.state.untried"]).waitFor();
    await panel.getByRole("button", { name: enUs["external.connect"] }).click();
    // The shop's page approves at once and sends the browser back to our activation screen.
    await page.waitForURL(/\/external-shop-activation\?/, { timeout: 20_000 });
    await page.getByTestId("activation-state").getByText(enUs["external.activation.done"]).waitFor({
      timeout: 20_000,
    });
    expect((await w.api("GET", `/ExternalCredentials/${creds}`)).body).toMatchObject({ valid: true });

    await page.getByRole("button", { name: enUs["route.product-external"] }).click();
    await page.getByRole("button", { name: enUs["external.import"] }).click();
    const finished = enUs["external.job.done"].replace("{kind}", enUs["external.job.import"])
      .replace("{processed}", "130");
    await expect.poll(() => page.getByTestId("external-job").innerText(), { timeout: 20_000 }).toBe(finished);
    // The list reads the products once the import has ended.
    await page.getByRole("gridcell", { name: "Shop product 10", exact: true }).waitFor({ timeout: 20_000 });
    const rows = await w.api("GET", "/ProductExternal?PageSize=1");
    expect(rows.body.allFilteredRowCount).toBe(130);
    const byEan = await w.api(
      "GET",
      `/ProductExternal?BasicFiltersSerialized=${
        encodeURIComponent(JSON.stringify([{ field: "ean", operator: "eq", value: "5900000000003" }]))
      }`,
    );
    expect(byEan.body.results[0]).toMatchObject({ linkedBy: "ean", productIndex: "EXT-EAN" });

    const one = (await w.api(
      "GET",
      `/ProductExternal?BasicFiltersSerialized=${
        encodeURIComponent(JSON.stringify([{ field: "name", operator: "eq", value: "Shop product 1" }]))
      }`,
    )).body.results[0];
    await page.goto(`${w.s.baseUrl}/product-external/${one.id}/preview`, options.goto);
    const link = page.getByTestId("external-link");
    await link.getByRole("combobox", { name: enUs["external.linkTo"] }).fill("EXT-TEA");
    await page.getByRole("option", { name: /EXT-TEA/ }).click();
    await link.getByRole("button", { name: enUs["external.link"], exact: true }).click();
    await expect.poll(async () => (await w.api("GET", `/ProductExternal/${one.id}`)).body, {
      timeout: 10_000,
    })
      .toMatchObject({ productId: tea, linkedBy: "hand" });
  });

  it("ships a release document by a carrier: the label attached, its tracking number kept", async () => {
    await w.api("POST", "/ExternalCredentials", {
      serviceType: "delivery",
      serviceCodeName: "shipengine",
      baseUrl: carrier.url,
      secret: carrier.apiKey,
      description: "Parcels",
    });
    const account = (await w.api("GET", "/ClientAccount")).body;
    await w.api("PUT", "/ClientAccount", {
      ...account,
      addresses: [{ street: "Magazynowa", number: "5", city: "Poznań", postalCode: "61-001", country: "PL" }],
    });
    const address = (await w.api("POST", "/Address", {
      street: "Rue de Rivoli",
      number: "10",
      city: "Paris",
      postalCode: "75001",
      country: "FR",
    })).body.id;
    const customer = (await w.api("POST", "/Company", {
      shortName: "CLIENT PARIS",
      keyRole: "contractor",
      addressId: address,
    })).body.id;
    const doc = (await w.api("POST", "/WmsDocument", {
      typeCode: "DOU",
      contractorId: customer,
      sourceLocationId: await location(w, "EXT-E2E-OUT"),
    })).body;
    const page = await signedInPage(
      browser,
      w.s,
      contexts,
      "external-e2e-admin",
      `/warehouse-documents/${doc.id}`,
      {
        timeoutMs: 20_000,
        goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
      },
    );
    await page.getByRole("button", { name: enUs["ship.open"] }).click();
    const dialog = page.getByTestId("ship-dialog");
    await dialog.getByRole("textbox", { name: enUs["ship.weight"] }).fill("3.5");
    await dialog.getByRole("button", { name: enUs["ship.buy"] }).click();
    await expect.poll(
      async () => (await w.api("GET", `/WmsDocument/${doc.id}`)).body.transportDocumentNumber,
      {
        timeout: 15_000,
      },
    ).toMatch(/^1Z999AA1\d{8}$/);
    const files = await w.api("GET", `/File/list?refResourceType=WmsDocument&refResourceId=${doc.id}`);
    expect(files.body.map((f: { contentType: string }) => f.contentType)).toEqual(["application/pdf"]);
    expect(carrier.labels.at(-1)).toMatchObject({
      shipment: {
        ship_to: { city_locality: "Paris", country_code: "FR" },
        packages: [{ weight: { value: 3.5 } }],
      },
    });
  });
});
