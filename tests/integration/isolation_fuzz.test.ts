// Tenant and contractor isolation, fuzzed over every list the server has: every filterable field with every
// operator, every sort column both ways and the quick search, as a contractor user and as another tenant's
// administrator, over data where everything the caller must not see is marked. A marked value in an answer,
// or a count larger than the rows shown (a hidden row that matched), is a leak. The hub's events too: each
// event such a caller receives must name a record they may read, caused by their own tenant.
// The lists are walked from the route table (every route answering allFilteredRowCount names its fields:
// access_matrix.test.ts), so a new list is fuzzed without a new line here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  signIn,
  startServer,
  type TestServer,
} from "../fixtures/harness.ts";
import { routes, type RouteSpec } from "../../server/engine/http/openapi.ts";
import { apiKeyMayCall } from "../../server/domain/sharing/api_key.ts";
import type { ListField } from "../../server/kernel/list.ts";
import { allProductFields } from "../../server/domain/stock/inventory/totals.ts";
import type { ServerMessage } from "../../shared/hub/contract.ts";

type Event = Extract<ServerMessage, { type: "event" }>;

/** A hub client that keeps every event it is sent. */
async function listen(s: TestServer, token: string): Promise<{ events: Event[]; close(): void }> {
  const ws = new WebSocket(s.baseUrl.replace(/^http/, "ws") + "/dataHub");
  const events: Event[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token }));
    ws.onerror = () => reject(new Error("the hub did not open"));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data as string) as ServerMessage;
      if (m.type === "authenticated") resolve();
      if (m.type === "event") events.push(m);
    };
  });
  return { events, close: () => ws.close() };
}

/** Shared access keys of the callers' own contractors (alpha's own company for carl, beta's for beta). */
const keys: Record<"carl" | "beta", Record<"stock" | "inventory", string>> & { carlApi: string } = {
  carl: { stock: "", inventory: "" },
  beta: { stock: "", inventory: "" },
  carlApi: "",
};
let s: TestServer;
let n = 0;
const tokens = { alpha: "", carl: "", beta: "", cody: "" };
const ids: Record<string, number> = {};
/** Each alpha product's barcode, by product id. */
const barcodes = new Map<number, string>();
/** What the contractor user may hear of: resource → ids (every id where the set is undefined). */
const carlHears = new Map<string, Set<number> | undefined>();
let carlHub: Awaited<ReturnType<typeof listen>>;
/** Ids the contractor user must not find, by the field that holds them (anywhere in an answer). */
const secret: Record<string, Set<number>> = {};
/** Ids the contractor user must not find as a row's own id, by the list's path. */
const secretRows = new Map<string, Set<number>>();
/** Ids the carrier's user must not find as a row's own id (a working copy, another carrier's offer), by list. */
const codySecretRows = new Map<string, Set<number>>();

/** The places in an answer where a field names an id the contractor user must not find. */
function secretIdsIn(value: unknown, at = "", found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => secretIdsIn(v, `${at}[${i}]`, found));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === "number" && secret[k]?.has(v)) found.push(`${at}.${k}=${v}`);
      else secretIdsIn(v, `${at}.${k}`, found);
    }
  }
  return found;
}
let betaHub: Awaited<ReturnType<typeof listen>>;

/** A call in a tenant, its request id naming the tenant (the hub's events carry it as correlationId). */
function as(tenant: "alpha" | "beta", token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const r = await call(s, method, `/api${path}`, {
      token,
      body,
      headers: { "x-request-id": `${tenant}-${++n}` },
    });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
}

/** A freight ticket's route, with nothing of either tenant's name in it. */
const freight = {
  pickupPoint: "Dock 1",
  pickupCountry: "PL",
  pickupTime: "2026-12-01T08:00:00Z",
  deliveryPoint: "Customer dock",
  deliveryCountry: "DE",
  deliveryTime: "2026-12-02T08:00:00Z",
};

/** Receives `quantity` of a product by a confirmed document of `typeCode`; answers the document's id. */
async function received(
  api: ReturnType<typeof as>,
  header: Record<string, unknown>,
  lines: Record<string, unknown>[],
  confirm = true,
): Promise<number> {
  const doc = await api("POST", "/WmsDocument", header);
  for (const line of lines) await api("POST", "/WmsDocumentPosition", { documentId: doc.id, ...line });
  if (confirm) await api("POST", `/WmsDocument/${doc.id}/confirm?acceptWarnings=true`);
  return doc.id;
}

beforeAll(async () => {
  // API keys unlimited here: the fuzz walks every list a key may read (the limit itself: sharing.test.ts).
  s = await startServer({ apiKeyBurst: 1_000_000, apiKeyPerSecond: 1_000_000 });
  await createTenant(s, "alpha");
  await createTenant(s, "beta");
  tokens.alpha = (await signIn(s, "alpha-admin")).token;
  tokens.beta = (await signIn(s, "beta-admin")).token;
  const alpha = as("alpha", tokens.alpha);
  const beta = as("beta", tokens.beta);

  // The contractor user, and both listeners, before anything else is made.
  ids.own = (await alpha("POST", "/Company", { shortName: "ALPHA OWN FOODS", keyRole: "contractor" })).id;
  const carl = await addUser(s, tokens.alpha, {
    username: "alpha-carl",
    visibleName: "Carl of own foods",
    connectedContractorId: ids.own,
    contractorPortalEnabled: true,
  });
  tokens.carl = (await signIn(s, "alpha-carl")).token;
  carlHub = await listen(s, tokens.carl);
  betaHub = await listen(s, tokens.beta);
  const carlApi = as("alpha", tokens.carl);
  carlHears.set("Company", new Set([ids.own]));
  carlHears.set("User", new Set([carl.id]));
  carlHears.set("FavoriteAction", new Set());
  carlHears.set("ClientAccount", undefined);
  carlHears.set("ClientLogisticsConfig", undefined);

  // Alpha: what the contractor may see has no "SECRET" in it; everything else of alpha has.
  const company = await alpha("GET", `/Company/${ids.own}`);
  await alpha("PUT", "/Company", { ...company, fullName: "ALPHA OWN FOODS LTD" });
  ids.theirs =
    (await alpha("POST", "/Company", { shortName: "ALPHA SECRET FOODS", keyRole: "contractor" })).id;
  ids.ownGroup = (await alpha("POST", "/ProductGroup", { name: "ALPHA groceries" })).id;
  ids.theirGroup = (await alpha("POST", "/ProductGroup", { name: "ALPHA SECRET group" })).id;
  const product = async (index: string, name: string, extra: Record<string, unknown>) => {
    const barcode = `59${++n}`.padEnd(13, "7");
    const made = await alpha("POST", "/Product", { index, name, unit: "pcs", barcodes: [barcode], ...extra });
    barcodes.set(made.id, barcode);
    return made.id as number;
  };
  ids.ownProduct = await product("OWN-MILK", "ALPHA own milk", {
    contractorId: ids.own,
    mainGroupId: ids.ownGroup,
  });
  ids.hidden = await product("SECRET-HIDDEN", "ALPHA SECRET hidden", {
    contractorId: ids.own,
    contractorPortalHide: true,
  });
  ids.theirProduct = await product("SECRET-CHEESE", "ALPHA SECRET cheese", {
    contractorId: ids.theirs,
    mainGroupId: ids.theirGroup,
  });
  ids.staffProduct = await product("SECRET-STAFF", "ALPHA SECRET staff", {});
  ids.l1 = (await alpha("POST", "/StorageSpace", { label: "ALPHA-L1" })).id;
  ids.l2 =
    (await alpha("POST", "/StorageSpace", { label: "ALPHA-L2", description: "ALPHA SECRET shelf" })).id;
  ids.box = (await alpha("POST", "/Container", {
    kind: "pallet",
    locationId: ids.l2,
    description: "ALPHA SECRET box",
  })).id;
  ids.ownDoc = await received(alpha, {
    typeCode: "DIN",
    contractorId: ids.own,
    destinationLocationId: ids.l1,
  }, [
    { productId: ids.ownProduct, quantity: 5, expiryDate: "2031-01-31" },
  ]);
  ids.ownDraft = await received(
    alpha,
    { typeCode: "DIN", contractorId: ids.own, destinationLocationId: ids.l1 },
    [{ productId: ids.ownProduct, quantity: 2 }],
    false,
  );
  ids.theirDoc = await received(
    alpha,
    { typeCode: "DIN", contractorId: ids.theirs, destinationLocationId: ids.l1 },
    [{ productId: ids.theirProduct, quantity: 7 }],
  );
  ids.staffDoc = await received(
    alpha,
    { typeCode: "IIN", destinationLocationId: ids.l2, destinationContainerId: ids.box },
    [{ productId: ids.hidden, quantity: 3 }, {
      productId: ids.staffProduct,
      quantity: 4,
      serialNumber: "SECRET-SN",
    }],
  );
  // Out again, so that movements and the out-orders chart have both directions.
  ids.theirOut = await received(alpha, { typeCode: "IOU", sourceLocationId: ids.l1 }, [{
    productId: ids.theirProduct,
    quantity: 1,
  }]);
  await received(alpha, { typeCode: "IOU", sourceLocationId: ids.l1 }, [{
    productId: ids.ownProduct,
    quantity: 1,
  }]);
  // Orders: the contractor's own, another contractor's and a staff one, each with a position.
  const order = async (body: Record<string, unknown>, productId: number) => {
    const made = await alpha("POST", "/WmsOrder", body);
    await alpha("POST", "/WmsOrderPosition", { orderId: made.id, productId, quantity: 2 });
    return made.id as number;
  };
  ids.ownOrder = await order(
    { typeCode: "OOU", contractorId: ids.own, comment: "own order" },
    ids.ownProduct,
  );
  ids.theirOrder = await order(
    { typeCode: "OOU", contractorId: ids.theirs, comment: "ALPHA SECRET order" },
    ids.theirProduct,
  );
  ids.staffOrder = await order({ typeCode: "OIN", comment: "ALPHA SECRET staff order" }, ids.hidden);
  // A count of the contractor's goods, confirmed: its positions are the contractor's stock lines.
  ids.ownCount = (await alpha("POST", "/WmsOrder", { typeCode: "VER-C", contractorId: ids.own })).id;
  await alpha("POST", `/WmsOrder/${ids.ownCount}/confirm`);
  // And the release orders confirmed, so that the progress lists have them.
  await alpha("POST", `/WmsOrder/${ids.ownOrder}/confirm`);
  await alpha("POST", `/WmsOrder/${ids.theirOrder}/confirm`);
  // What the contractor user must not find, by the name of the field that holds it.
  const positions = async (doc: number) =>
    (await alpha("GET", `/WmsDocument/${doc}/Positions`)).results.map((p: { id: number }) =>
      p.id
    ) as number[];
  const products = [ids.hidden, ids.theirProduct, ids.staffProduct];
  const documents = [ids.theirDoc, ids.staffDoc, ids.theirOut];
  secret.productId = new Set(products);
  secret.contractorId = new Set([ids.theirs]);
  secret.documentId = new Set(documents);
  secret.containerId = new Set([ids.box]);
  secret.mainGroupId = new Set([ids.theirGroup]);
  secret.groupId = new Set([ids.theirGroup]);
  // A row's own id, by the list it is a row of.
  secretRows.set("/Company", new Set([ids.theirs]));
  secretRows.set("/Product", new Set(products));
  secretRows.set("/WmsDocument", new Set(documents));
  secretRows.set("/WmsDocumentPosition", new Set((await Promise.all(documents.map(positions))).flat()));
  const orders = [ids.theirOrder, ids.staffOrder];
  secret.orderId = new Set(orders);
  secretRows.set("/WmsOrder", new Set(orders));
  const orderPositions = async (o: number) =>
    (await alpha("GET", `/WmsOrder/${o}/Positions`)).results.map((p: { id: number }) => p.id) as number[];
  secretRows.set("/WmsOrderPosition", new Set((await Promise.all(orders.map(orderPositions))).flat()));
  secretRows.set("/WmsInventory/containerStock", new Set([ids.box]));
  secretRows.set("/WmsInventory/productStock", new Set(products));
  secretRows.set("/ProductStockReport", new Set(products));

  // Master data of every other kind, and what belongs to one user.
  await alpha("POST", "/Tags", { name: "ALPHA SECRET tag" });
  await alpha("POST", "/Dictionary", { group: "colours", code: "SECRET", value: "ALPHA SECRET value" });
  await alpha("POST", "/StorageSpaceType", { code: "SECRET-TYPE", handleStock: true });
  await alpha("POST", "/PrintLayout", {
    name: "ALPHA SECRET layout",
    type: "product",
    content: JSON.stringify({
      page: { width: 50, height: 30 },
      elements: [{ type: "text", x: 1, y: 1, text: "SECRET" }],
    }),
  });
  await alpha("POST", "/EmailAccount", {
    address: "secret@alpha.example",
    smtpServer: "smtp.alpha.example",
    smtpPort: 587,
    password: "SECRET-password",
  });
  await alpha("POST", "/EmailTemplate", {
    code: "SECRET",
    name: "ALPHA SECRET template",
    language: "en-us",
    subject: "SECRET",
    body: "SECRET",
  });
  await alpha("POST", "/ExchangeRate", { currencySign: "SEC", shortName: "ALPHA SECRET", baseRate: 2 });
  await alpha("POST", "/Address", {
    street: "SECRET street",
    city: "ALPHA city",
    postalCode: "00-001",
    country: "PL",
  });
  await alpha("POST", "/Person", { firstName: "ALPHA", lastName: "SECRET", email: "secret@alpha.example" });
  await alpha("POST", "/GeoLocation", {
    name: "ALPHA SECRET gate",
    coordinates: { lat: 54.35, lng: 18.65 },
    address: "SECRET yard",
    companyId: ids.theirs,
  });
  await alpha("POST", "/FavoriteAction", { title: "ALPHA SECRET favorite", link: "/companies" });
  const fav = await carlApi("POST", "/FavoriteAction", { title: "Carl's stock", link: "/stock" });
  carlHears.get("FavoriteAction")!.add(fav.id);
  // A password of its own: the test one holds "secret", a word of this username, which new passwords refuse.
  await addUser(s, tokens.alpha, {
    username: "alpha-secret-sam",
    visibleName: "ALPHA SECRET Sam",
    password: "lantern orbit cactus",
    repeatPassword: "lantern orbit cactus",
  });

  // Beta: a tenant of its own with a little of everything, none of it alpha's.
  const betaCompany = (await beta("POST", "/Company", { shortName: "BETA FOODS", keyRole: "contractor" })).id;
  const betaProduct = (await beta("POST", "/Product", {
    index: "BETA-1",
    name: "BETA milk",
    unit: "pcs",
    contractorId: betaCompany,
  })).id;
  const betaLocation = (await beta("POST", "/StorageSpace", { label: "BETA-L1" })).id;
  ids.betaDoc = await received(beta, { typeCode: "IIN", destinationLocationId: betaLocation }, [
    { productId: betaProduct, quantity: 3 },
  ]);
  ids.betaOrder = (await beta("POST", "/WmsOrder", { typeCode: "OIN", comment: "BETA order" })).id;
  ids.betaCount = (await beta("POST", "/WmsOrder", { typeCode: "VER-A", comment: "BETA count" })).id;
  await beta("POST", `/WmsOrder/${ids.betaCount}/confirm`);
  await beta("POST", "/WmsOrderPosition", { orderId: ids.betaOrder, productId: betaProduct, quantity: 1 });
  await beta("POST", "/Tags", { name: "BETA tag" });
  await beta("POST", "/FavoriteAction", { title: "BETA favorite", link: "/companies" });
  // Portal orders: carl's own (goods announced in), one of the secret contractor's user (its mark in its
  // comment), and one of beta's contractor user.
  const portalOrder = (api: ReturnType<typeof as>, productId: number, comment: string) =>
    api("POST", "/contractororders/orders", {
      typeCode: "OIN",
      deliveryDate: "2999-12-31",
      comment,
      positions: [{ productId, quantity: 1 }],
    });
  const ownExternal = await portalOrder(carlApi, ids.ownProduct, "own order");
  ids.ownExternal = ownExternal.id;
  carlHears.set("ExternalOrder", new Set([ownExternal.id]));
  await addUser(s, tokens.alpha, {
    username: "alpha-sid",
    connectedContractorId: ids.theirs,
    contractorPortalEnabled: true,
  });
  const sid = as("alpha", (await signIn(s, "alpha-sid")).token);
  const theirExternal = await portalOrder(sid, ids.theirProduct, "SECRET order");
  secretRows.set("/contractororders/orders", new Set([theirExternal.id]));
  await beta("POST", "/User", {
    username: "beta-cora",
    email: "beta-cora@example.com",
    password: PASSWORD,
    repeatPassword: PASSWORD,
    connectedContractorId: betaCompany,
    contractorPortalEnabled: true,
  });
  const cora = as("beta", (await signIn(s, "beta-cora")).token);
  ids.betaExternal = (await portalOrder(cora, betaProduct, "BETA order")).id;
  ids.betaTicket = (await beta("POST", "/ShipmentTicket", { ...freight, description: "BETA freight" })).id;

  // Freight of alpha: a carrier's user (cody) sees the published ticket, their offer and their conversation;
  // the working copy, another carrier's offer and that carrier's conversation are marked.
  ids.carrier = (await alpha("POST", "/Company", { shortName: "ALPHA TRUCKS", keyRole: "carrier" })).id;
  ids.theirCarrier =
    (await alpha("POST", "/Company", { shortName: "ALPHA SECRET TRUCKS", keyRole: "carrier" }))
      .id;
  await addUser(s, tokens.alpha, {
    username: "alpha-cody",
    visibleName: "Cody the carrier",
    connectedContractorId: ids.carrier,
    transportEnabled: true,
  });
  tokens.cody = (await signIn(s, "alpha-cody")).token;
  await addUser(s, tokens.alpha, {
    username: "alpha-tess",
    visibleName: "ALPHA SECRET Tess",
    connectedContractorId: ids.theirCarrier,
    transportEnabled: true,
  });
  const cody = as("alpha", tokens.cody);
  const tess = as("alpha", (await signIn(s, "alpha-tess")).token);
  const draftTicket = await alpha("POST", "/ShipmentTicket", { ...freight, description: "SECRET draft" });
  ids.openTicket = (await alpha("POST", "/ShipmentTicket", { ...freight, description: "Open freight" })).id;
  await alpha("POST", `/ShipmentTicket/${ids.openTicket}/publish`);
  const offer = (api: ReturnType<typeof as>, comment: string) =>
    api("POST", `/ShipmentTicket/${ids.openTicket}/offer`, { price: 100, currency: "EUR", comment });
  await offer(cody, "Our offer");
  const theirOffer = await offer(tess, "SECRET offer");
  const say = (api: ReturnType<typeof as>, text: string, carrierId?: number) =>
    api("POST", `/ShipmentTicket/${ids.openTicket}/message`, { text, carrierId });
  await say(cody, "Our question");
  const theirMessage = await say(tess, "SECRET question");
  const theirAnswer = await say(alpha, "SECRET answer", ids.theirCarrier);
  await say(alpha, "Our answer", ids.carrier);
  codySecretRows.set("/ShipmentTicket", new Set([draftTicket.id]));
  codySecretRows.set("/TransportOffer", new Set([theirOffer.id]));
  codySecretRows.set(`/ShipmentTicket/${ids.openTicket}/offers`, new Set([theirOffer.id]));
  codySecretRows.set("/TransportMessage", new Set([theirMessage.id, theirAnswer.id]));
  // Keys of each tenant's own contractor for the lists read by a shared access key.
  // (Stock and inventory keys: an API key's rate limit would cut the walk short.)
  for (const what of ["stock", "inventory"] as const) {
    const contentType = what === "stock" ? "wmsstock" : "wmsinventory";
    keys.carl[what] = (await alpha("POST", "/SharedAccess", { contentType, contractorId: ids.own })).token;
    keys.beta[what] = (await beta("POST", "/SharedAccess", { contentType, contractorId: betaCompany })).token;
  }
  keys.carlApi = (await alpha("POST", "/SharedAccess", { contentType: "api", contractorId: ids.own })).token;
  // Events are published after their commits: let the last ones arrive.
  await new Promise((r) => setTimeout(r, 300));
}, 60_000);
afterAll(async () => {
  carlHub?.close();
  betaHub?.close();
  await s?.close();
});

// --- the fuzz ---------------------------------------------------------------------------------------

type Filter = { field: string; operator: string; value?: unknown };

/** Every operator on `field` with values of its type, marked ones and the ids of what is not the caller's. */
function filtersOf(name: string, f: ListField, secretIds: number[]): Filter[] {
  const out: Filter[] = [{ field: name, operator: "isNull" }, { field: name, operator: "isNotNull" }];
  const add = (operator: string, ...values: unknown[]) => {
    for (const value of values) out.push({ field: name, operator, value });
  };
  switch (f.type) {
    case "text":
      add("eq", "ALPHA SECRET FOODS", "SECRET-CHEESE", "SECRET");
      add("neq", "ALPHA OWN FOODS");
      add("contains", "SECRET", "ALPHA", "a");
      add("startsWith", "SECRET", "ALPHA", "S");
      add("gt", "");
      add("gte", "A");
      add("lt", "zzzz");
      add("lte", "zzzz");
      add("in", ["ALPHA SECRET FOODS", "SECRET-CHEESE", "ALPHA SECRET cheese"]);
      add("between", ["", "zzzz"]);
      break;
    case "number":
      add("eq", 0, ...secretIds);
      add("neq", 0);
      add("in", secretIds);
      add("gt", -1);
      add("gte", 0);
      add("lt", 1e12);
      add("lte", 1e12);
      add("between", [-1, 1e12]);
      break;
    case "boolean":
      add("eq", true, false);
      add("neq", true);
      add("in", [true, false]);
      break;
    case "date":
      add("eq", new Date().toISOString().slice(0, 10));
      add("neq", "2000-01-01");
      add("gt", "2000-01-01");
      add("gte", "2000-01-01");
      add("lt", "2999-12-31");
      add("lte", "2999-12-31");
      add("between", ["2000-01-01", "2999-12-31"]);
      add("startsWith", "20");
      break;
  }
  return out;
}

interface ListCase {
  route: RouteSpec;
  path: string;
  fields: Record<string, ListField>;
  extra: Record<string, string>;
}

type Caller = "carl" | "carlKey" | "beta" | "cody";

/** Every list route, with its parameters filled for `caller`, and productStock's includeZero variant. */
function listsFor(who: Caller): ListCase[] {
  const cases: ListCase[] = [];
  // Carl's API key reads as carl, on the calls an API key may make.
  const caller = who === "carlKey" ? "carl" : who;
  const lists = routes.filter((r) => r.method === "get" && r.list)
    .filter((r) => who !== "carlKey" || apiKeyMayCall("GET", r.path));
  for (const route of lists) {
    const id = route.path === "/StorageSpace/:id/children"
      ? 0
      : route.path === "/WmsDocument/:id/Positions"
      ? (caller === "carl" ? ids.ownDraft : ids.betaDoc)
      : route.path === "/WmsOrder/:id/Positions" || route.path.startsWith("/WmsOrder/Move/:id/")
      ? (caller === "carl" ? ids.ownOrder : ids.betaOrder)
      : route.path === "/WmsOrder/Verify/:id/PositionsProgress"
      ? (caller === "carl" ? ids.ownCount : ids.betaCount)
      : route.path === "/contractororders/orders/:id/positions"
      ? (caller === "carl" ? ids.ownExternal : ids.betaExternal)
      : route.path === "/ShipmentTicket/:id/offers"
      ? (caller === "beta" ? ids.betaTicket : ids.openTicket)
      : undefined;
    const path = route.path.replace(/:\w+/, String(id));
    // The supply report needs its range: the last year, which holds everything made here.
    const today = new Date().toISOString().slice(0, 10);
    const extra: Record<string, string> = route.path === "/Supply/Report"
      ? { dateFrom: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10), dateTo: today }
      : route.path.startsWith("/shared/")
      // A key's lists: read by the caller's own contractor's key (the token is not what they go by).
      ? {
        key:
          keys[caller === "cody" ? "carl" : caller][route.path === "/shared/stock" ? "stock" : "inventory"],
      }
      : {};
    cases.push({ route, path, fields: route.list!, extra });
    if (route.path === "/WmsInventory/productStock") {
      cases.push({ route, path, fields: allProductFields, extra: { includeZero: "true" } });
    }
  }
  return cases;
}

async function page(who: Caller, c: ListCase, params: Record<string, string>) {
  const query = new URLSearchParams({ PageSize: "1000", ...c.extra, ...params });
  return await call(
    s,
    "GET",
    `/api${c.path}?${query}`,
    who === "carlKey" ? { headers: { "X-Api-Key": keys.carlApi } } : { token: tokens[who] },
  );
}

/**
 * Walks every list as `caller`; answers the leaks (a marked value shown, or more rows counted than shown)
 * and the calls made. A list the caller may not read at all is refused at the door (access_matrix).
 */
async function fuzz(who: Caller, marker: RegExp) {
  const caller = who === "carlKey" ? "carl" : who;
  const secretIds = [
    ids.theirs,
    ids.theirProduct,
    ids.hidden,
    ids.staffProduct,
    ids.theirGroup,
    ids.theirDoc,
    ids.theirCarrier,
  ];
  const leaks: string[] = [];
  const walked: string[] = [];
  let calls = 0;
  for (const c of listsFor(who)) {
    const first = await page(who, c, {});
    calls++;
    if (first.status === 403 || first.status === 404) continue;
    walked.push(c.path + (c.extra.includeZero ? "?includeZero" : ""));
    const queries: Record<string, string>[] = [{}];
    for (const [name, f] of Object.entries(c.fields)) {
      if (f.sortable) queries.push({ sortColumn: name }, { sortColumn: name, sortDescending: "true" });
      if (f.filterable) {
        for (const filter of filtersOf(name, f, secretIds)) {
          queries.push({ BasicFiltersSerialized: JSON.stringify([filter]) });
        }
      }
    }
    if (Object.values(c.fields).some((f) => f.searchable)) {
      // The marks, and the barcodes of what the caller must not find (a scan into the search box).
      const scans = [ids.hidden, ids.theirProduct, ids.staffProduct].map((id) => barcodes.get(id)!);
      for (const value of ["SECRET", "ALPHA", "alpha", "a", "CHEESE", ...scans]) {
        queries.push({
          BasicFiltersSerialized: JSON.stringify([{ field: "*", operator: "contains", value }]),
        });
      }
    }
    for (const q of queries) {
      const r = await page(who, c, q);
      calls++;
      const what = `${c.path} ${JSON.stringify({ ...c.extra, ...q })}`;
      if (r.status !== 200) {
        leaks.push(`${what}: answered ${r.status} ${JSON.stringify(r.body)}`);
        continue;
      }
      const text = JSON.stringify(r.body);
      if (marker.test(text)) {
        leaks.push(`${what}: shows ${text.match(new RegExp(`.{0,40}${marker.source}.{0,40}`, "i"))}`);
      }
      if (caller === "cody") {
        const rows = codySecretRows.get(c.path);
        const named = r.body.results.filter((row: { id: number }) => rows?.has(row.id));
        if (named.length) leaks.push(`${what}: shows row ${named[0].id}`);
      }
      if (caller === "carl") {
        const rows = secretRows.get(c.path);
        const named = [
          ...secretIdsIn(r.body.results),
          ...r.body.results.filter((row: { id: number }) => rows?.has(row.id)).map((row: { id: number }) =>
            `row id ${row.id}`
          ),
        ];
        if (named.length) leaks.push(`${what}: names ${named.slice(0, 5).join(", ")}`);
      }
      if (r.body.allFilteredRowCount !== r.body.results.length) {
        leaks.push(`${what}: counts ${r.body.allFilteredRowCount} rows, shows ${r.body.results.length}`);
      }
    }
  }
  return { leaks, walked, calls };
}

describe("isolation fuzz over every list", () => {
  it(
    "a contractor user finds nothing of another contractor's, nor hidden or staff products, by any filter, sort or search",
    async () => {
      // What the contractor may see is there (so an empty answer is not what passes).
      const stock = await call(s, "GET", "/api/WmsInventory/inventory", { token: tokens.carl });
      expect(stock.body.results.map((r: { productId: number }) => r.productId)).toEqual([ids.ownProduct]);
      const companies = await call(s, "GET", "/api/Company", { token: tokens.carl });
      expect(companies.body.results.map((r: { id: number }) => r.id)).toEqual([ids.own]);
      const { leaks, walked, calls } = await fuzz("carl", /SECRET/);
      expect(leaks).toEqual([]);
      // The lists a contractor user reads: their company, products, documents and positions, stock, favorites.
      expect(walked).toEqual(expect.arrayContaining([
        "/Company",
        "/Product",
        "/WmsDocument",
        "/WmsDocumentPosition",
        `/WmsDocument/${ids.ownDraft}/Positions`,
        "/WmsOrder",
        "/WmsOrderPosition",
        `/WmsOrder/${ids.ownOrder}/Positions`,
        "/contractororders/orders",
        `/contractororders/orders/${ids.ownExternal}/positions`,
        "/contractororders/availible-products",
        "/WmsInventory/inventory",
        "/WmsInventory/containerStock",
        "/WmsInventory/productStock",
        "/WmsInventory/productStock?includeZero",
        "/WmsInventory/customProductStock",
        "/WmsInventory/productMovements",
        "/FavoriteAction",
      ]));
      expect(calls).toBeGreaterThan(1000);
    },
    120_000,
  );

  it(
    "another tenant's administrator finds nothing of this tenant's in any list, by any filter, sort or search",
    async () => {
      const own = await call(s, "GET", "/api/Product", { token: tokens.beta });
      expect(own.body.results.map((r: { name: string }) => r.name)).toEqual(["BETA milk"]);
      const { leaks, walked, calls } = await fuzz("beta", /alpha/i);
      expect(leaks).toEqual([]);
      // An administrator reads every list but the portal's own (a contractor user's cart and products).
      expect(walked.length).toBe(listsFor("beta").filter((c) => c.route.access !== "portal").length);
      expect(calls).toBeGreaterThan(2000);
    },
    120_000,
  );
});

describe("a carrier's user", () => {
  it(
    "finds no working copy, nor another carrier's offers and messages, by any filter, sort or search",
    async () => {
      const tickets = await call(s, "GET", "/api/ShipmentTicket", { token: tokens.cody });
      expect(tickets.body.results.map((r: { id: number }) => r.id)).toEqual([ids.openTicket]);
      const messages = await call(s, "GET", "/api/TransportMessage", { token: tokens.cody });
      expect(messages.body.results.map((r: { text: string }) => r.text).sort()).toEqual([
        "Our answer",
        "Our question",
      ]);
      const { leaks, walked, calls } = await fuzz("cody", /SECRET/);
      expect(leaks).toEqual([]);
      expect(walked).toEqual(expect.arrayContaining([
        "/ShipmentTicket",
        "/TransportOffer",
        "/TransportMessage",
        `/ShipmentTicket/${ids.openTicket}/offers`,
      ]));
      expect(calls).toBeGreaterThan(300);
    },
    120_000,
  );
});

describe("an API key of the contractor", () => {
  it(
    "finds nothing of another contractor's, nor hidden or staff records, in any list it may read",
    async () => {
      const { leaks, walked, calls } = await fuzz("carlKey", /SECRET/);
      expect(leaks).toEqual([]);
      expect(walked).toEqual(expect.arrayContaining([
        "/Product",
        "/WmsDocument",
        "/WmsOrder",
        "/WmsInventory/inventory",
        "/WmsInventory/productStock",
        "/contractororders/orders",
        `/contractororders/orders/${ids.ownExternal}/positions`,
      ]));
      expect(walked.length).toBe(listsFor("carlKey").length);
      expect(calls).toBeGreaterThan(500);
    },
    120_000,
  );

  it("answers every record of another contractor, or hidden, or the staff's, as not there, by id", async () => {
    // Each GET by id an API key may call, with the ids of what its contractor must not read of that kind.
    const theirs = (path: string): number[] | undefined => {
      if (/^\/(Product\/|WmsInventory\/bestsourcematerial\/)/.test(path)) {
        return [ids.theirProduct, ids.hidden, ids.staffProduct];
      }
      if (path.startsWith("/WmsDocument/")) return [ids.theirDoc, ids.staffDoc, ids.theirOut];
      if (path.startsWith("/WmsOrder/")) return [ids.theirOrder, ids.staffOrder];
      if (path.startsWith("/contractororders/orders/")) {
        return [...secretRows.get("/contractororders/orders")!];
      }
      return undefined;
    };
    const byId = routes.filter((r) =>
      r.method === "get" && r.path.includes(":") && apiKeyMayCall("GET", r.path)
    );
    expect(
      byId.map((r) => r.path).filter((p) => !theirs(p)),
      "a GET by id an API key may call, unmapped here",
    )
      .toEqual([]);
    const answers: string[] = [];
    for (const r of byId) {
      for (const id of theirs(r.path)!) {
        const res = await call(s, "GET", "/api" + r.path.replace(/:\w+/g, String(id)), {
          headers: { "X-Api-Key": keys.carlApi },
        });
        if (res.status !== 404) answers.push(`${r.path} ${id}: ${res.status}`);
      }
    }
    expect(answers).toEqual([]);
    expect(byId.length).toBeGreaterThan(8);
  });
});

describe("isolation of the hub's events", () => {
  it("a contractor user hears only of records they may read", () => {
    const heard = carlHub.events.map((e) => `${e.resource} ${e.id} ${e.action}`);
    expect(heard, "their own company was changed").toContain(`Company ${ids.own} changed`);
    const strange = carlHub.events.filter((e) => {
      const known = carlHears.get(e.resource);
      return !carlHears.has(e.resource) || (known !== undefined && !known.has(e.id)) ||
        !e.correlationId?.startsWith("alpha-");
    });
    expect(strange).toEqual([]);
  });

  it("another tenant's administrator hears only of their own tenant's changes", () => {
    expect(betaHub.events.length, "beta's own changes are heard").toBeGreaterThan(3);
    expect(betaHub.events.filter((e) => !e.correlationId?.startsWith("beta-"))).toEqual([]);
  });
});
