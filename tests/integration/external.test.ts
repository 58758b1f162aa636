// External services (issue 19) against local servers that answer as their APIs are documented: a
// WooCommerce shop (tests/fixtures/woocommerce.ts: OAuth 1.0a over HTTP, paged products, batch stock, the key
// exchange) and ShipEngine (tests/fixtures/shipengine.ts). Credentials are written by administrators, their
// secret sealed; a shop is connected through its key exchange and the activation check; its products are
// imported through 429 and 503 answers and linked by EAN and by hand; our free stock is pushed back; a
// release document's label is bought, attached and its tracking number kept. Refused credentials answer
// external.refreshTokenInvalid, other tenants 404.
import { scratchDir } from "../fixtures/scratch.ts";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";
import { type FakeShop, makeProducts, startShop } from "../fixtures/woocommerce.ts";
import { type FakeCarrier, startCarrier } from "../fixtures/shipengine.ts";

let w: StockWorld;
let shop: FakeShop;
let carrier: FakeCarrier;
let basic: string;

beforeAll(async () => {
  // The shop posts its keys to this server: its public address is its own.
  w = await startStockWorld("external", (baseUrl) => ({ publicUrl: baseUrl }));
  shop = await startShop(makeProducts(250));
  carrier = await startCarrier();
  basic = await addStaffUser(w, "external-basic");
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await carrier?.close();
  w?.s.close();
});

async function shopCredentials(extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const r = await w.api("POST", "/ExternalCredentials", {
    serviceType: "onlineShop",
    serviceCodeName: "woocommerce",
    baseUrl: shop.url + "/",
    username: shop.keys[0].key,
    secret: shop.keys[0].secret,
    description: "Our WooCommerce shop",
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** Waits for the credentials' job to end; answers the record. */
async function jobEnd(id: number): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const r = await w.api("GET", `/ExternalCredentials/${id}`);
    if (r.body.jobStatus !== "running") return r.body;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error("the job did not end");
}

describe("shop credentials", () => {
  it("keeps the secret sealed and never answers it; only administrators read credentials", async () => {
    const c = await shopCredentials();
    expect(c).toMatchObject({ serviceType: "onlineShop", baseUrl: shop.url, hasSecret: true, valid: false });
    expect(JSON.stringify(c)).not.toContain(shop.keys[0].secret);
    const [row] = await w.query("SELECT secret FROM external_credentials WHERE id = ?", [c.id]) as {
      secret: string;
    }[];
    expect(row.secret).toMatch(/^v2\./);
    expect(row.secret).not.toContain(shop.keys[0].secret);
    // A code name of the other service type, an address that is no http(s) one.
    const bad = await w.api("POST", "/ExternalCredentials", {
      serviceType: "onlineShop",
      serviceCodeName: "shipengine",
      baseUrl: "ftp://shop",
    });
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["baseUrl", "serviceCodeName"]);
    expect((await w.api("GET", "/ExternalCredentials", undefined, basic)).status).toBe(403);
    expect((await w.api("GET", `/ExternalCredentials/config/${c.id}`, undefined, basic)).status).toBe(404);

    const tested = await w.api("POST", `/ExternalCredentials/${c.id}/test`);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body).toMatchObject({ valid: true, lastError: null });
    expect(shop.calls.at(-1)).toMatchObject({ path: "/products", auth: "oauth" });
  });

  it("connects a shop by its key exchange and the activation screen's code, once", async () => {
    const c = await shopCredentials({ username: null, secret: null });
    const config = await w.api("GET", `/ExternalCredentials/config/${c.id}`);
    expect(config.status, JSON.stringify(config.body)).toBe(200);
    const authorize = new URL(config.body.authorizeUrl);
    expect(authorize.pathname).toBe("/wc-auth/v1/authorize");
    expect(authorize.searchParams.get("scope")).toBe("read_write");
    // The browser at the shop's page: the administrator approves, the shop posts the keys, the user returns.
    const approved = await fetch(authorize, { redirect: "manual" });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get("location")!);
    expect(back.pathname).toBe("/external-shop-activation");
    expect(back.searchParams.get("success")).toBe("1");
    const code = back.searchParams.get("code")!;
    expect(code).toBe(config.body.activationCode);
    const keysNow = (await w.api("GET", `/ExternalCredentials/${c.id}`)).body;
    expect(keysNow).toMatchObject({ username: shop.keys.at(-1)!.key, hasSecret: true, valid: false });

    const wrong = await w.api("GET", `/ExternalCredentials/activate/${c.id}/${code.slice(0, -2)}xx`);
    expect([wrong.status, wrong.body.error.code]).toEqual([409, "external.refreshTokenInvalid"]);
    const activated = await w.api(
      "GET",
      `/ExternalCredentials/activate/${back.searchParams.get("credentialsId")}/${code}`,
    );
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body.valid).toBe(true);
    expect(activated.body.activatedAt).toBeTruthy();
    // The code is spent.
    const again = await w.api("GET", `/ExternalCredentials/activate/${c.id}/${code}`);
    expect(again.body.error.code).toBe("external.refreshTokenInvalid");
    // The callback refuses a code it does not know, and another exchange's credentials id.
    const stray = await fetch(`${w.s.baseUrl}/api/ExternalCredentials/callback/${encodeURIComponent(code)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user_id: c.id, consumer_key: "ck_x", consumer_secret: "cs_x" }),
    });
    expect(stray.status).toBe(404);
    const other = await shopCredentials();
    const pending = (await w.api("GET", `/ExternalCredentials/config/${other.id}`)).body.activationCode;
    const foreign = await fetch(
      `${w.s.baseUrl}/api/ExternalCredentials/callback/${encodeURIComponent(pending)}`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user_id: c.id, consumer_key: "ck_x", consumer_secret: "cs_x" }),
      },
    );
    expect(foreign.status).toBe(404);
  });

  it("marks refused and expired credentials invalid with the spec's error", async () => {
    const wrong = await shopCredentials({ secret: "cs_not_the_secret" });
    const r = await w.api("POST", `/ExternalCredentials/${wrong.id}/test`);
    expect([r.status, r.body.error.code]).toEqual([409, "external.refreshTokenInvalid"]);
    expect((await w.api("GET", `/ExternalCredentials/${wrong.id}`)).body).toMatchObject({
      valid: false,
      lastError: "external.refreshTokenInvalid",
    });
    const calls = shop.calls.length;
    const expired = await shopCredentials({ refreshTokenValidUntil: "2020-01-01T00:00:00Z" });
    const e = await w.api("GET", `/ProductExternal/import/${expired.id}`);
    expect(e.body.error.code).toBe("external.refreshTokenInvalid");
    // Not even asked: the shop saw no call.
    expect(shop.calls.length).toBe(calls);
  });
});

describe("a shop's products", () => {
  let creds: number;
  let ean3: number;
  let ean6: number;

  it("imports every page through a rate limit and an outage, linking by EAN", async () => {
    ean3 = await product(w, "EXT-EAN3", { barcodes: ["5900000000003"] });
    ean6 = await product(w, "EXT-EAN6", { barcodes: ["5900000000006"] });
    creds = (await shopCredentials()).id as number;
    shop.limit.tooMany = 1;
    shop.limit.unavailable = 1;
    const started = await w.api("GET", `/ProductExternal/import/${creds}`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    // One job at a time.
    const twice = await w.api("GET", `/ProductExternal/import/${creds}`);
    expect(twice.body.error.code).toBe("external.busy");
    const done = await jobEnd(creds);
    expect(done).toMatchObject({
      jobKind: "import",
      jobStatus: "done",
      jobProcessed: 250,
      jobTotal: 250,
      valid: true,
    });
    // Pages 1–3, page 1 asked three times (429, then 503, then answered).
    const pages = shop.calls.filter((c) => c.path === "/products" && c.page).map((c) => c.page);
    expect(pages.slice(-5)).toEqual(["1", "1", "1", "2", "3"]);

    const list = await w.api(
      "GET",
      `/ProductExternal?PageSize=500&BasicFiltersSerialized=${
        encodeURIComponent(JSON.stringify([{ field: "credentialsId", operator: "eq", value: creds }]))
      }`,
    );
    expect(list.body.allFilteredRowCount).toBe(250);
    const byName = new Map(list.body.results.map((r: { name: string }) => [r.name, r]));
    expect(byName.get("Shop product 3")).toMatchObject({
      ean: "5900000000003",
      sku: "SKU-3",
      productId: ean3,
      linkedBy: "ean",
      serviceCodeName: "woocommerce",
      imageUrl: "https://shop.example/wp-content/uploads/p3.jpg",
      // The HTML's text, without what a page does not show.
      description: "Product 3 & more",
      shopStock: null,
    });
    expect(byName.get("Shop product 6")).toMatchObject({ productId: ean6, shopStock: 6 });
    expect(byName.get("Shop product 9")).toMatchObject({ productId: null, linkedBy: null });
    expect(list.body.results.filter((r: { productId: number | null }) => r.productId !== null)).toHaveLength(
      2,
    );
  });

  it("keeps links on a second import and refreshes what changed in the shop", async () => {
    const one = (await w.api(
      "GET",
      `/ProductExternal?PageSize=1&BasicFiltersSerialized=${
        encodeURIComponent(JSON.stringify([{ field: "name", operator: "eq", value: "Shop product 1" }]))
      }`,
    )).body.results[0];
    const ours = await product(w, "EXT-HAND");
    const linked = await w.api("POST", `/ProductExternal/${one.id}/link`, { productId: ours });
    expect(linked.body).toMatchObject({ productId: ours, linkedBy: "hand", productIndex: "EXT-HAND" });
    expect((await w.api("POST", `/ProductExternal/${one.id}/link`, { productId: 999_999 })).status).toBe(400);
    expect((await w.api("POST", `/ProductExternal/${one.id}/link`, { productId: ours }, basic)).status).toBe(
      404,
    );
    shop.products.find((p) => p.id === 1001)!.name = "Shop product 1 (renamed)";
    await w.api("GET", `/ProductExternal/import/${creds}`);
    expect((await jobEnd(creds)).jobStatus).toBe("done");
    const again = (await w.api("GET", `/ProductExternal/${one.id}`)).body;
    expect(again).toMatchObject({ name: "Shop product 1 (renamed)", productId: ours, linkedBy: "hand" });
    expect(await w.query("SELECT count(*) AS n FROM product_externals WHERE credentials_id = ?", [creds]))
      .toEqual([{ n: 250 }]);
    const history = await w.query(
      "SELECT count(*) AS n FROM record_log WHERE resource_type = 'ProductExternal' AND resource_id = ?",
      [one.id],
    );
    expect(history).toEqual([{ n: 1 }]);
  });

  it("pushes our free stock of linked products to the shop, 100 a call", async () => {
    const at = await location(w, "EXT-A1");
    await receive(w, ean3, at, 7);
    await receive(w, ean6, at, 12.5);
    const pushed = await w.api("POST", `/ProductExternal/push/${creds}`);
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(202);
    const done = await jobEnd(creds);
    expect(done).toMatchObject({ jobKind: "push", jobStatus: "done", jobProcessed: 3, jobTotal: 3 });
    const inShop = (id: number) => shop.products.find((p) => p.id === id)!;
    expect(inShop(1003)).toMatchObject({ manage_stock: true, stock_quantity: 7 });
    // Whole units: the shop keeps stock as an integer.
    expect(inShop(1006).stock_quantity).toBe(12);
    // Linked by hand, nothing in stock.
    expect(inShop(1001)).toMatchObject({ manage_stock: true, stock_quantity: 0 });
    // Not linked: untouched.
    expect(inShop(1009).stock_quantity).toBe(null);
    const row = (await w.api(
      "GET",
      `/ProductExternal?BasicFiltersSerialized=${
        encodeURIComponent(JSON.stringify([{ field: "productId", operator: "eq", value: ean3 }]))
      }`,
    )).body.results[0];
    expect(row.pushedStock).toBe(7);
    // A product deleted in the shop meanwhile: the shop refuses it, the rest still goes.
    shop.products.splice(shop.products.findIndex((p) => p.id === 1006), 1);
    await w.api("POST", `/ProductExternal/push/${creds}`);
    expect(await jobEnd(creds)).toMatchObject({ jobStatus: "done", jobProcessed: 3 });
    const log = await w.query(
      "SELECT new_object FROM record_log WHERE resource_type = 'ExternalCredentials' AND resource_id = ? ORDER BY id DESC LIMIT 1",
      [creds],
    ) as { new_object: string }[];
    expect(JSON.parse(log[0].new_object)).toEqual({ push: { pushed: 2, refused: 1 } });
  });

  it("fails the job when the shop keeps asking to wait longer than we do", async () => {
    shop.limit.tooMany = 1;
    shop.limit.retryAfter = 3600;
    try {
      await w.api("GET", `/ProductExternal/import/${creds}`);
      expect(await jobEnd(creds)).toMatchObject({ jobStatus: "failed", jobError: "external.serviceFailed" });
    } finally {
      shop.limit.retryAfter = 1;
    }
  });

  it("answers 404 to another tenant", async () => {
    const other = await startStockWorld("external-other");
    try {
      expect((await other.api("GET", `/ExternalCredentials/${creds}`)).status).toBe(404);
      expect((await other.api("GET", `/ProductExternal/import/${creds}`)).status).toBe(404);
      expect((await other.api("POST", `/ProductExternal/push/${creds}`)).status).toBe(404);
      const any = (await w.api("GET", "/ProductExternal?PageSize=1")).body.results[0];
      expect((await other.api("GET", `/ProductExternal/${any.id}`)).status).toBe(404);
      expect((await other.api("POST", `/ProductExternal/${any.id}/link`, { productId: null })).status).toBe(
        404,
      );
    } finally {
      other.s.close();
    }
  });
});

describe("a delivery carrier", () => {
  let creds: number;
  let doc: number;

  beforeAll(async () => {
    creds = (await w.api("POST", "/ExternalCredentials", {
      serviceType: "delivery",
      serviceCodeName: "shipengine",
      baseUrl: carrier.url,
      username: "main account",
      secret: carrier.apiKey,
    })).body.id;
    const account = (await w.api("GET", "/ClientAccount")).body;
    await w.api("PUT", "/ClientAccount", {
      ...account,
      addresses: [{ street: "Magazynowa", number: "5", city: "Poznań", postalCode: "61-001", country: "PL" }],
    });
    const address = (await w.api("POST", "/Address", {
      street: "Hafenstraße",
      number: "12",
      city: "Hamburg",
      postalCode: "20457",
      country: "DE",
    })).body.id;
    const customer = (await w.api("POST", "/Company", {
      shortName: "KUNDE",
      fullName: "Kunde GmbH",
      keyRole: "contractor",
      addressId: address,
    })).body.id;
    doc = (await w.api("POST", "/WmsDocument", {
      typeCode: "DOU",
      contractorId: customer,
      sourceLocationId: await location(w, "EXT-OUT"),
    })).body.id;
  });

  it("buys a label: the PDF attached to the document, its tracking number kept", async () => {
    carrier.limit.tooMany = 1;
    const r = await w.api("POST", `/WmsDocument/${doc}/ship`, {
      credentialsId: creds,
      serviceCode: "ups_ground",
      packages: [{ weightKg: 4.2, lengthCm: 40, widthCm: 30, heightCm: 20 }, { weightKg: 1 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ carrierCode: "ups", cost: { amount: 25, currency: "USD" } });
    expect(r.body.trackingNumber).toMatch(/^1Z999AA1\d{8}$/);
    const sent = carrier.labels.at(-1) as { shipment: Record<string, unknown> };
    expect(sent.shipment).toMatchObject({
      service_code: "ups_ground",
      ship_to: {
        name: "Kunde GmbH",
        address_line1: "Hafenstraße 12",
        city_locality: "Hamburg",
        postal_code: "20457",
        country_code: "DE",
      },
      ship_from: { address_line1: "Magazynowa 5", country_code: "PL" },
      packages: [
        {
          weight: { value: 4.2, unit: "kilogram" },
          dimensions: { unit: "centimeter", length: 40, width: 30, height: 20 },
        },
        { weight: { value: 1, unit: "kilogram" } },
      ],
    });
    const document = (await w.api("GET", `/WmsDocument/${doc}`)).body;
    expect(document.transportDocumentNumber).toBe(r.body.trackingNumber);
    const files = await w.api("GET", `/File/list?refResourceType=WmsDocument&refResourceId=${doc}`);
    const label = files.body.find((f: { id: number }) => f.id === r.body.labelFileId);
    expect(label).toMatchObject({ contentType: "application/pdf" });
    const pdf = await fetch(`${w.s.baseUrl}/api/File/download/${label.id}`, {
      headers: { authorization: `Bearer ${w.admin}` },
    });
    const dir = scratchDir("label-");
    writeFileSync(join(dir, "label.pdf"), new Uint8Array(await pdf.arrayBuffer()));
    const text = execFileSync("pdftotext", [join(dir, "label.pdf"), "-"], { encoding: "utf8" });
    expect(text.replace(/\s+/g, " ")).toContain(`TRACKING ${r.body.trackingNumber} TO Kunde GmbH`);
  });

  it("passes the carrier's refusal on, and says a missing address on its field", async () => {
    const refused = await w.api("POST", `/WmsDocument/${doc}/ship`, {
      credentialsId: creds,
      serviceCode: "teleport_overnight",
      packages: [{ weightKg: 1 }],
    });
    expect([refused.status, refused.body.error.code]).toEqual([422, "external.serviceRefused"]);
    expect(refused.body.error.message).toContain("Invalid service_code 'teleport_overnight'.");
    const nowhere =
      (await w.api("POST", "/Company", { shortName: "NOWHERE", keyRole: "contractor" })).body.id;
    const lost = (await w.api("POST", "/WmsDocument", {
      typeCode: "DOU",
      contractorId: nowhere,
      sourceLocationId: await location(w, "EXT-OUT2"),
    })).body.id;
    const r = await w.api("POST", `/WmsDocument/${lost}/ship`, {
      credentialsId: creds,
      serviceCode: "ups_ground",
      packages: [{ weightKg: 1 }],
    });
    expect(r.body.error.fields).toEqual({ contractorId: ["validation.invalidValue"] });
    // A receipt is not shipped; shop credentials are no carrier.
    const receipt = (await w.api("POST", "/WmsDocument", {
      typeCode: "IIN",
      destinationLocationId: await location(w, "EXT-IN"),
    })).body.id;
    expect(
      (await w.api("POST", `/WmsDocument/${receipt}/ship`, {
        credentialsId: creds,
        serviceCode: "ups_ground",
        packages: [{ weightKg: 1 }],
      })).body.error.fields,
    )
      .toEqual({ typeCode: ["validation.invalidValue"] });
    const shopCreds = (await shopCredentials()).id;
    expect(
      (await w.api("POST", `/WmsDocument/${doc}/ship`, {
        credentialsId: shopCreds,
        serviceCode: "ups_ground",
        packages: [{ weightKg: 1 }],
      })).body.error.fields,
    )
      .toEqual({ credentialsId: ["validation.invalidValue"] });
  });

  it("marks a refused API key invalid", async () => {
    const wrong = (await w.api("POST", "/ExternalCredentials", {
      serviceType: "delivery",
      serviceCodeName: "shipengine",
      baseUrl: carrier.url,
      secret: "TEST_wrong",
    })).body.id;
    const r = await w.api("POST", `/WmsDocument/${doc}/ship`, {
      credentialsId: wrong,
      serviceCode: "ups_ground",
      packages: [{ weightKg: 1 }],
    });
    expect([r.status, r.body.error.code]).toEqual([409, "external.refreshTokenInvalid"]);
    expect((await w.api("GET", `/ExternalCredentials/${wrong}`)).body.valid).toBe(false);
    const ok = await w.api("POST", `/ExternalCredentials/${creds}/test`);
    expect(ok.body.valid).toBe(true);
  });
});

describe("the host's own networks", () => {
  it("are refused as a service's address unless the operator allows them", async () => {
    // Nothing allowed (the harness allows the fakes' 127.0.0.1): the policy as in production.
    const strict = await startStockWorld("external-strict", { egressAllow: [] });
    try {
      for (
        const baseUrl of [
          "http://127.0.0.1:9",
          "http://localhost:9",
          "http://169.254.169.254",
          "http://[::1]:9",
          "http://10.1.2.3",
          shop.url,
        ]
      ) {
        const r = await strict.api("POST", "/ExternalCredentials", {
          serviceType: "onlineShop",
          serviceCodeName: "woocommerce",
          baseUrl,
          secret: "cs",
        });
        expect([r.status, r.body.error?.code, r.body.error?.fields], baseUrl).toEqual([
          422,
          "egress.refused",
          {
            baseUrl: ["validation.egressRefused"],
          },
        ]);
      }
      // One kept from before (a row written when it pointed elsewhere) is refused when used, without a call.
      const kept = await strict.api("POST", "/ExternalCredentials", {
        serviceType: "onlineShop",
        serviceCodeName: "woocommerce",
        baseUrl: "http://93.184.215.14",
        secret: "cs",
      });
      expect(kept.status, JSON.stringify(kept.body)).toBe(201);
      await strict.query("UPDATE external_credentials SET base_url = ? WHERE id = ?", [
        shop.url,
        kept.body.id,
      ]);
      const calls = shop.calls.length;
      const tried = await strict.api("POST", `/ExternalCredentials/${kept.body.id}/test`);
      expect([tried.status, tried.body.error.code, tried.body.error.fields]).toEqual([422, "egress.refused", {
        baseUrl: ["validation.egressRefused"],
      }]);
      expect(shop.calls.length).toBe(calls);
    } finally {
      strict.s.close();
    }
  });
});
