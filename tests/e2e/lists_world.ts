// The data the lists' column tests read (tests/e2e/columns*.test.ts), long on purpose: product names of 80
// characters, a large quantity with decimals, a company with a full address, German and Polish names; and
// what they check: each list's key columns, and whether a column's header and first cell are in view.
import { expect } from "vitest";
import type { Page } from "playwright-core";
import {
  addStaffUser,
  confirm,
  draft,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { waitForHydration } from "./browser.ts";

/** Each list and its key columns: the identifying ones, then the quantities and statuses. */
export const STAFF_LISTS: [string, string[]][] = [
  ["/products", ["index", "name", "mainGroupId"]],
  ["/warehouse-locations", ["label", "path", "typeId"]],
  ["/warehouse-documents", ["documentNumber", "typeCode", "statusCode", "contractorId"]],
  ["/warehouse-documents-positions", ["documentId", "productId", "quantity", "quantityReal"]],
  ["/warehouse-orders", ["orderNumber", "typeCode", "statusCode", "progressPercent"]],
  ["/warehouse-orders-positions", ["orderId", "productId", "quantity", "quantityReal"]],
  ["/companies", ["shortName", "keyRole", "addressId"]],
  ["/contacts", ["firstName", "lastName", "companyId", "phoneNumber"]],
  ["/users", ["username", "visibleName", "active"]],
  ["/warehouse-product-stock", [
    "productIndex",
    "productName",
    "quantity",
    "unit",
    "stockLevel",
    "overallValue",
  ]],
  ["/warehouse-product-inventory", [
    "productIndex",
    "productName",
    "locationLabel",
    "quantity",
    "unit",
    "overallValue",
    "overallWeight",
  ]],
  ["/products-price-list", ["productIndex", "productName", "cashValue", "quantity", "price", "value"]],
  ["/messages", ["createdAt", "subject", "channel", "status"]],
];
export const CONTRACTOR_LISTS: [string, string[]][] = [
  ["/external-order", ["index", "name", "freeQuantity", "stockQuantity"]],
  ["/my-orders", ["orderNumber", "typeCode", "statusCode", "deliveryDate", "quantitySum"]],
];

/**
 * A tenant with every main list filled: staff `<slug>-admin`, a contractor's user `<slug>-carla` with an
 * order from the portal's cart.
 */
export async function startListsWorld(slug: string): Promise<StockWorld> {
  const w = await startStockWorld(slug, { loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  const ok = (r: { status: number; body: unknown }, status = 201) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    return r.body as { id: number };
  };
  const address = ok(
    await w.api("POST", "/Address", {
      street: "Am Sandtorkai",
      number: "48",
      city: "Hamburg-Altstadt",
      postalCode: "20457",
      country: "DE",
    }),
  );
  const acme = ok(
    await w.api("POST", "/Company", {
      shortName: "NORDFROST LEBENSMITTEL",
      fullName: "Nordfrost Lebensmittel Tiefkühllogistik GmbH & Co. KG",
      keyRole: "contractor",
      taxId: "DE287654321",
      addressId: address.id,
      officeMail: "disposition@nordfrost-lebensmittel.example",
    }),
  ).id;
  ok(
    await w.api("POST", "/Person", {
      firstName: "Magdalena",
      lastName: "Wiśniewska-Kowalczyk",
      email: "m.wisniewska@nordfrost-lebensmittel.example",
      phoneNumber: "+48 601 234 567",
      position: "Kierowniczka magazynu mroźni",
      companyId: acme,
    }),
  );
  const group = ok(await w.api("POST", "/ProductGroup", { name: "Mrożonki rybne i owoce morza" })).id;
  const freezer = await location(w, "FREEZER-A-01-02");
  const hake = await product(w, "HAKE-FILLET-2KG", {
    name: "Tiefkühl-Seehechtfilet ohne Haut, naturbelassen, MSC-zertifiziert, Karton zu 2 kg",
    unit: "kg",
    weight: 2.125,
    cashValue: 18.4567,
    mainGroupId: group,
    contractorId: acme,
  });
  const pierogi = await product(w, "PIEROGI-RUSKIE-1KG", {
    name: "Pierogi ruskie z ziemniakami i twarogiem, mrożone, opakowanie zbiorcze 1 kg",
    unit: "pcs",
    weight: 1,
    cashValue: 7.99,
    warningStock: 10_000,
    mainGroupId: group,
    contractorId: acme,
  });
  const received = await draft(w, { typeCode: "DIN", destinationLocationId: freezer, contractorId: acme }, [
    { productId: hake, quantity: 1234567.125 },
    { productId: pierogi, quantity: 4800 },
  ]);
  ok(await confirm(w, received.id, true), 200);
  const released = await draft(w, { typeCode: "DOU", sourceLocationId: freezer, contractorId: acme }, [
    { productId: hake, quantity: 120.5 },
  ]);
  ok(await confirm(w, released.id, true), 200);
  const order = ok(await w.api("POST", "/WmsOrder", { typeCode: "OOU", contractorId: acme }));
  ok(await w.api("POST", "/WmsOrderPosition", { orderId: order.id, productId: pierogi, quantity: 1250 }));
  await addStaffUser(w, `${slug}-klara`, { visibleName: "Klara Zimmermann-Wojciechowska" });
  ok(
    await w.api("POST", "/Message/send", {
      channel: "sms",
      body: "Dostawa na rampę 3 o 14:00, proszę potwierdzić",
      to: ["+48601234567"],
    }),
    202,
  );
  // The contractor's order, made from the cart as the portal makes it.
  const carla = await addStaffUser(w, `${slug}-carla`, {
    connectedContractorId: acme,
    contractorPortalEnabled: true,
  });
  ok(
    await w.api("POST", `/contractororders/add-to-cart?productId=${pierogi}&quantity=300`, undefined, carla),
    200,
  );
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  ok(
    await w.api("POST", "/contractororders/confirm-order", { deliveryDate: tomorrow, comment: null }, carla),
    200,
  );
  return w;
}

/** Opens a list and waits for its first row. */
export async function openList(w: StockWorld, page: Page, path: string): Promise<void> {
  await page.goto(w.s.baseUrl + path, { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  await page.locator('[data-testid="list-grid"] [data-row-id]').first().waitFor();
}

/**
 * What of the key columns is not in view: each one's header (its label whole) and the first row's cell must
 * lie inside the window and inside every box around it that clips (the grid's scroll box, the page's).
 */
export function notInView(page: Page, keys: string[]): Promise<string[]> {
  return page.evaluate((keys) => {
    const grid = document.querySelector('[data-testid="list-grid"]');
    const row = grid?.querySelector("[data-row-id]");
    if (!grid || !row) return ["no grid with a row"];
    const problems: string[] = [];
    const check = (what: string, el: Element | null | undefined) => {
      if (!el) return void problems.push(`${what}: missing`);
      const r = el.getBoundingClientRect();
      // (an empty cell, a position not yet counted, may have no height, or in a card no width)
      if (!el.textContent?.trim()) return;
      if (r.width < 1 || r.height < 1) return void problems.push(`${what}: not shown`);
      if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        return void problems.push(`${what}: outside the window`);
      }
      for (let box = el.parentElement; box && box !== document.documentElement; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const b = box.getBoundingClientRect();
        const left = b.left + box.clientLeft;
        const top = b.top + box.clientTop;
        if (
          r.left < left - 0.5 || r.top < top - 0.5 || r.right > left + box.clientWidth + 0.5 ||
          r.bottom > top + box.clientHeight + 0.5
        ) {
          return void problems.push(`${what}: cut off by its ${box.getAttribute("role") ?? box.tagName}`);
        }
      }
    };
    for (const key of keys) {
      const header = grid.querySelector(`[role="columnheader"][data-column="${key}"]`);
      check(`${key} header`, header);
      // Its label read whole (on one line or two), not cut to the column's width.
      const text = header?.querySelector("span");
      if (text && (text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1)) {
        problems.push(`${key} header: its label is cut`);
      }
      const index = header?.getAttribute("aria-colindex");
      check(`${key} cell`, index ? row.querySelector(`[role="gridcell"][aria-colindex="${index}"]`) : null);
    }
    return problems;
  }, keys);
}
