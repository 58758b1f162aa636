// Who may call each route, walked from the route table itself. docs/api.md's "Access by route" table names
// every route the server serves with what each caller gets (a new route without a row fails here), and
// every route is called as every caller (no token, administrator, business manager, basic user, a user with
// the logistics module, one with the terminal module, a contractor user, a dispatcher with the shipping module,
// a carrier's user) on records that exist: a caller
// the table lets in gets past the door, one it keeps out is refused before the input is read, and nothing
// a refusal named changed. Where the table says "own", the caller is also refused another's record.
import { readFileSync } from "node:fs";
import { decodeJwt } from "jose";
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
import { type FakeShop, makeProducts, startShop } from "../fixtures/woocommerce.ts";
import { type Access, allows, lacksModule } from "../../server/kernel/access.ts";
import { SoftAuthenticator } from "../fixtures/webauthn.ts";
import type { Actor } from "../../server/kernel/context.ts";

/** The callers of the table, as the access rules see them (ids do not matter to the rules). */
const base: Actor = {
  userId: 1,
  username: "",
  tenantId: 1,
  sessionId: "",
  isSuperUser: false,
  isPowerUser: false,
  logisticsEnabled: false,
  terminalEnabled: false,
  shippingEnabled: false,
  transportEnabled: false,
  contractorPortalEnabled: false,
  contractorId: null,
};
const CALLERS = {
  "no token": undefined,
  administrator: { ...base, isSuperUser: true },
  manager: { ...base, isPowerUser: true },
  "basic user": base,
  logistics: { ...base, logisticsEnabled: true },
  terminal: { ...base, terminalEnabled: true },
  contractor: { ...base, contractorId: 1, contractorPortalEnabled: true },
  shipping: { ...base, shippingEnabled: true },
  carrier: { ...base, contractorId: 2, transportEnabled: true },
} satisfies Record<string, Actor | undefined>;
type Caller = keyof typeof CALLERS;
const callers = Object.keys(CALLERS) as Caller[];
/** `module`: refused with 403 auth.moduleDisabled, the caller's module being off. */
type Cell = "yes" | "own" | "no" | "module";

function cell(r: Pick<RouteSpec, "access" | "whole">, caller: Caller): Cell {
  const actor = CALLERS[caller];
  if (!allows(r.access, actor)) return lacksModule(r.access, actor) ? "module" : "no";
  return r.whole && !allows(r.whole as Access | "none", actor) ? "own" : "yes";
}

const key = (r: RouteSpec) => `${r.method.toUpperCase()} /api${r.path.replace(/:(\w+)/g, "{$1}")}`;
const refusalOf = (r: RouteSpec) =>
  r.refusal === "auth.forbidden" ? "403 auth.forbidden" : "404 record.notFoundOrNoPermission";

/** A row of the table as docs/api.md writes it. */
function row(r: RouteSpec): string {
  // What a signed-in caller the door keeps out gets (none is kept out of `public` and `user` routes).
  const refused = r.access === "public" || r.access === "user" ? "—" : refusalOf(r).split(" ")[0];
  return `| \`${key(r)}\` | ${callers.map((c) => cell(r, c)).join(" | ")} | ${refused} |`;
}

/** The table in docs/api.md: "METHOD /api/path" → its whole row. */
function documented(): Map<string, string> {
  const doc = readFileSync("docs/api.md", "utf8");
  const section = doc.slice(doc.indexOf("## Access by route"));
  const rows = [...section.matchAll(/^\| `((?:GET|POST|PUT|PATCH|DELETE) [^`]+)` \|.*$/gm)];
  return new Map(rows.map((m) => [m[1], m[0].trim()]));
}

let s: TestServer;
/** A WooCommerce shop (tests/fixtures/woocommerce.ts) with one product, imported before the probes. */
let shop: FakeShop;
let stranger: string;
const tokens = {} as Record<Exclude<Caller, "no token">, string>;
const userIds = {} as Record<Exclude<Caller, "no token">, number>;
let n = 0;
/** A calendar feed's secret, of a user none of the callers is (their probes of the feed's calls leave it be). */
let feedSecret = "";
/** Records the probes name: the contractor's own and another contractor's, and staff records. */
const ids: Record<string, number> = {};

const api = (method: string, path: string, body?: unknown, token = tokens.administrator) =>
  call(s, method, `/api${path}`, { token, body });

async function made(path: string, body: Record<string, unknown>, token = tokens.administrator) {
  const r = await api("POST", path, body, token);
  if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as number;
}

/** A new record of a generic resource (by its path), for a probe that may delete or change it. */
const fresh: Record<string, (token: string) => Promise<number>> = {
  "/Address": () => made("/Address", { city: `City ${++n}`, postalCode: "00-100", country: "PL" }),
  "/Company": () => made("/Company", { shortName: `Firm ${++n}`, keyRole: "other" }),
  "/Container": () => made("/Container", { kind: "bin", locationId: ids.location }),
  "/Dictionary": () => made("/Dictionary", { group: "colours", code: `C${++n}`, value: `Value ${n}` }),
  "/GeoLocation": () => made("/GeoLocation", { name: `Place ${++n}`, coordinates: { lat: 52.1, lng: 21.2 } }),
  "/EmailAccount": () =>
    made("/EmailAccount", {
      address: `box${++n}@example.com`,
      smtpServer: "smtp.example.com",
      smtpPort: 587,
      password: "secret",
    }),
  "/EmailTemplate": () =>
    made("/EmailTemplate", { code: `CODE${++n}`, name: `T${n}`, language: "en-us", subject: "S", body: "B" }),
  "/ExchangeRate": () => {
    const i = ++n;
    const sign = `X${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26) % 26)}`;
    return made("/ExchangeRate", { currencySign: sign, shortName: sign, baseRate: 1 });
  },
  "/FavoriteAction": (token) => made("/FavoriteAction", { title: `Fav ${++n}`, link: "/companies" }, token),
  "/SharedAccess": () => made("/SharedAccess", { contentType: "wmsstock", contractorId: ids.ownCompany }),
  "/Person": () => made("/Person", { firstName: "Anna", lastName: `Nowak ${++n}` }),
  "/PrintLayout": () =>
    made("/PrintLayout", {
      name: `Layout ${++n}`,
      type: "product",
      isDefault: false,
      content: JSON.stringify({ page: { width: 50, height: 30 }, elements: [] }),
    }),
  "/Printer": () => made("/Printer", { name: `Printer ${++n}`, host: "127.0.0.1" }),
  "/PrintSite": () => made("/PrintSite", { name: `Site ${++n}` }),
  // A job queued for a printer of a site (no agent takes it here).
  "/PrintJob": async () => {
    ids.sitePrinter ??= await made("/Printer", {
      name: "Site printer",
      host: "127.0.0.1",
      siteId: await fresh["/PrintSite"](tokens.administrator),
    });
    const r = await api("POST", "/Print", {
      type: "product",
      items: [{ id: ids.staffProduct }],
      printerId: ids.sitePrinter,
    });
    if (r.status !== 200) throw new Error(`POST /Print: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.job.id as number;
  },
  "/Message": async () => {
    const r = await api("POST", "/Message/send", {
      channel: "sms",
      body: `Ping ${++n}`,
      to: ["+48601234567"],
    });
    if (r.status !== 202) throw new Error(`POST /Message/send: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.id as number;
  },
  "/Product": () => made("/Product", { index: `IDX-${++n}`, name: `Product ${n}`, unit: "pcs" }),
  "/ProductGroup": () => made("/ProductGroup", { name: `Group ${++n}` }),
  "/StorageSpace": () => made("/StorageSpace", { label: `LOC-${++n}` }),
  "/StorageSpaceType": () => made("/StorageSpaceType", { code: `TYPE${++n}`, handleStock: true }),
  "/Tags": () => made("/Tags", { name: `tag-${++n}` }),
  "/Calendar": () => made("/Calendar", { title: `Event ${++n}`, startDate: "2026-11-24T10:00:00Z" }),
  "/ShipmentTicket": () => made("/ShipmentTicket", { ...freightRoute, description: `Ticket ${++n}` }),
  "/ExternalCredentials": () =>
    made("/ExternalCredentials", {
      serviceType: "onlineShop",
      serviceCodeName: "woocommerce",
      baseUrl: shop.url,
      username: shop.keys[0].key,
      secret: shop.keys[0].secret,
      description: `Shop ${++n}`,
    }),
  "/ProductExternal": () => Promise.resolve(ids.productExternal),
  "/TransportOffer": async () => (await freshOffer()).offer,
  "/TransportMessage": async () =>
    (await api("POST", `/ShipmentTicket/${ids.publishedTicket}/message`, { text: "Hello" }, tokens.carrier))
      .body
      .id,
  "/User": async () => (await addUser(s, tokens.administrator, { username: `target-${++n}` })).id,
  "/WmsDocument": () => made("/WmsDocument", { typeCode: "IIN", destinationLocationId: ids.location }),
  "/WmsDocumentPosition": () =>
    made("/WmsDocumentPosition", { documentId: ids.staffDocument, productId: ids.staffProduct, quantity: 1 }),
  "/WmsOrder": () => made("/WmsOrder", { typeCode: "OIN" }),
  "/WmsOrderPosition": () =>
    made("/WmsOrderPosition", { orderId: ids.staffOrder, productId: ids.staffProduct, quantity: 1 }),
};

const freightRoute = {
  pickupPoint: "Matrix dock",
  pickupCountry: "PL",
  pickupTime: "2026-12-01T08:00:00Z",
  deliveryPoint: "Matrix customer",
  deliveryCountry: "DE",
  deliveryTime: "2026-12-02T08:00:00Z",
};

/** A published freight ticket with an offer of the carrier's (its ticket's id and the offer's). */
async function freshOffer(carrier = tokens.carrier): Promise<{ ticket: number; offer: number }> {
  const ticket = await fresh["/ShipmentTicket"](tokens.administrator);
  await api("POST", `/ShipmentTicket/${ticket}/publish`);
  const r = await api("POST", `/ShipmentTicket/${ticket}/offer`, { price: 100, currency: "EUR" }, carrier);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { ticket, offer: r.body.id };
}

/** A portal order the contractor user placed (goods announced in: no stock needed), still cancellable. */
async function freshExternalOrder(token = tokens.contractor, productId = ids.ownProduct): Promise<number> {
  return await made("/contractororders/orders", {
    typeCode: "OIN",
    deliveryDate: "2999-12-31",
    positions: [{ productId, quantity: 1 }],
  }, token);
}

/** A line of the contractor user's cart. */
async function freshCartLine(): Promise<number> {
  const r = await api(
    "PATCH",
    `/contractororders/product-in?productId=${ids.ownProduct}&quantity=2`,
    undefined,
    tokens.contractor,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.positions.find((l: { productId: number }) => l.productId === ids.ownProduct).id;
}

/**
 * Where a record a write names can be read back: the record itself for most; a cart line in its owner's
 * cart, a portal order's position through its order.
 */
/** A device enrolled for face sign-in, with a key made here as a browser makes it. */
async function freshFaceDevice(): Promise<number> {
  const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  const publicKey = await crypto.subtle.exportKey("jwk", (keys as CryptoKeyPair).publicKey);
  return await made("/ComputerVision/devices", { name: `Kiosk ${++n}`, publicKey });
}

/** A file attached to the contractor's own product (every caller but the public reads that product). */
async function freshFile(type = "Product", id = ids.ownProduct): Promise<number> {
  const form = new FormData();
  form.append("file", new File([new TextEncoder().encode("delivery note")], "note.txt"));
  const r = await fetch(
    `${s.baseUrl}/api/File/upload?refResourceType=${type}&refResourceId=${id}`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.administrator}` },
      body: form,
    },
  );
  expect(r.status).toBe(201);
  return (await r.json()).id;
}

/** Who added each passkey the probes made (their token): a passkey is seen by its owner alone. */
const passkeyOwners = new Map<number, string>();

/** The software authenticator that holds every passkey the probes made. */
let authenticator: SoftAuthenticator;

/** A new passkey of the token's user, made by a software authenticator on the app's own origin. */
async function freshPasskey(token: string): Promise<number> {
  const options = await call(s, "POST", "/api/Auth/SecondFactor/passkeys/options", {
    token,
    body: { currentPassword: PASSWORD },
  });
  authenticator ??= new SoftAuthenticator(s.platform.config.publicUrl);
  const response = authenticator.create(options.body);
  const added = await call(s, "POST", "/api/Auth/SecondFactor/passkeys", {
    token,
    body: { name: `Key ${++n}`, response },
  });
  if (added.status !== 201) throw new Error(`adding a passkey: ${JSON.stringify(added.body)}`);
  passkeyOwners.set(added.body.passkey.id, token);
  return added.body.passkey.id;
}

/**
 * A new sign-in of a caller, its access token: a passkey the probes left on the caller (one another tenant
 * failed to remove stays) makes the password a first step, passed with that passkey.
 */
async function newSignIn(username: string): Promise<string> {
  const first = await signIn(s, username) as Awaited<ReturnType<typeof signIn>> & {
    secondFactor?: { ticket: string; passkeyOptions: { allowCredentials: { id: string }[] } };
  };
  if (!first.secondFactor) return first.token;
  const { ticket, passkeyOptions } = first.secondFactor;
  const allowed = new Set(passkeyOptions.allowCredentials.map((c) => c.id));
  const credential = authenticator?.credentials.find((c) => allowed.has(c.id.toString("base64url")));
  if (!credential) throw new Error(`${username} has a second factor the probes did not make`);
  const passed = await call(s, "POST", "/api/Auth/SecondFactor", {
    body: { ticket, method: "passkey", response: authenticator.get(passkeyOptions, { credential }) },
  });
  if (passed.status !== 200) throw new Error(`${username}'s second step: ${JSON.stringify(passed.body)}`);
  return passed.body.token;
}

async function stillThere(r: RouteSpec, id: Id): Promise<boolean> {
  // A sign-in: it still stands.
  if (r.path === "/Auth/Sessions/:id") return await s.platform.sessions.isActive(String(id));
  if (r.path === "/Auth/SecondFactor/passkeys/:id") {
    const status = await call(s, "GET", "/api/Auth/SecondFactor", { token: passkeyOwners.get(Number(id)) });
    return status.body.passkeys.some((p: { id: number }) => p.id === Number(id));
  }
  // Removing a user's second factors leaves the user.
  if (r.path === "/User/:id/second-factor") {
    return (await call(s, "GET", `/api/User/${id}`, { token: tokens.administrator })).status === 200;
  }
  if (r.path === "/contractororders/delete-cart-product/:id") {
    const cart = await api("GET", "/contractororders/list-cart-product", undefined, tokens.contractor);
    return cart.body.results.some((l: { id: number }) => l.id === id);
  }
  if (r.path === "/ShipmentTicket/:id/offer") {
    const offers = await api("GET", `/ShipmentTicket/${id}/offers`);
    return offers.body.results.some((o: { statusCode: string }) => o.statusCode === "submitted");
  }
  if (r.path === "/ProductExternal/push/:id" || r.path === "/ProductExternal/import/:id") {
    return (await call(s, "GET", `/api/ExternalCredentials/${id}`, { token: tokens.administrator }))
      .status === 200;
  }
  if (r.path === "/ComputerVision/:userId" || r.path === "/ComputerVision/:userId/review") {
    // The user, and the enrolled face when it is the face user's.
    const user = await call(s, "GET", `/api/User/${id}`, { token: tokens.administrator });
    if (user.status !== 200) return false;
    if (id !== ids.faceUser) return true;
    const faces = await call(s, "GET", "/api/ComputerVision", { token: tokens.administrator });
    return faces.body.some((f: { userId: number }) => f.userId === id);
  }
  if (r.path === "/ComputerVision/devices/:id") {
    // Listed, and not withdrawn.
    const devices = await call(s, "GET", "/api/ComputerVision/devices", { token: tokens.administrator });
    return devices.body.some((d: { id: number; withdrawnAt: string | null }) =>
      d.id === id && !d.withdrawnAt
    );
  }
  if (r.path.startsWith("/Discussion/")) {
    return (await call(s, "GET", `/api/Discussion/${id}/messages/0`, { token: tokens.administrator }))
      .status === 200;
  }
  if (r.path.startsWith("/File/")) {
    const got = await fetch(`${s.baseUrl}/api/File/download-classic/${id}`, {
      headers: { authorization: `Bearer ${tokens.administrator}` },
    });
    await got.body?.cancel();
    return got.status === 200;
  }
  const path = "/api" +
    r.path.replace(/\/agentKey(\/withdraw)?$/, "").replace(/\/position\/:positionId$/, "").replace(
      /\/assign\/:offerId$/,
      "",
    ).replace(
      /\/offer\/(accept|reject)$/,
      "",
    ).replace(
      /:(\w+)/g,
      String(id),
    )
      .replace(
        /\/(confirm|revert|reopen|close|archive|finish|QuantityReal|Recount|Pick|Shortage|Relocate|withdraw|order-again|schema|price|placements|retry|recipients|publish|unpublish|offer|message|test|link|ship)$/,
        "",
      );
  return (await call(s, "GET", path, { token: tokens.administrator })).status === 200;
}

/** The resource a path names: "/WmsDocument/:id/confirm" → "/WmsDocument". */
const resourceOf = (r: RouteSpec) => "/" + r.path.split("/")[1];

/**
 * The record id a probe of `r` by `caller` names: one the caller may see (their own where the table says
 * "own"); a new one where the call may delete or change it; `foreign` picks another's instead.
 */
/** A production order planned now (some verbs finish one). */
async function freshProduction(): Promise<number> {
  const r = await call(s, "POST", "/api/WmsOrder/GenerateProduction", {
    token: tokens.administrator,
    body: { productId: ids.madeProduct, quantity: 1 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

/** A record's id; a sign-in's is a UUID. */
type Id = number | string;

/** The username of a caller of the table. */
const usernameOf = (caller: Exclude<Caller, "no token">) =>
  caller === "administrator" ? "matrix-admin" : `matrix-${caller.replace(" ", "-")}`;

async function idFor(r: RouteSpec, caller: Caller, foreign = false): Promise<Id> {
  const token = caller === "no token" ? tokens.administrator : tokens[caller];
  const p = r.path;
  // A sign-in of the caller's own made for the probe (the administrator's for no caller or another's), so
  // that ending it ends nothing the other probes use.
  if (p === "/Auth/Sessions/:id") {
    const who = caller === "no token" || foreign ? "administrator" : caller;
    return String(decodeJwt(await newSignIn(usernameOf(who))).sid);
  }
  const own = caller !== "no token" && cell(r, caller) === "own";
  // A passkey: the caller's own, new (a removal may take it); another's is the administrator's (or, for the
  // administrator, the basic user's).
  if (p === "/Auth/SecondFactor/passkeys/:id") {
    if (caller === "no token") return await freshPasskey(tokens.administrator);
    if (foreign) {
      return await freshPasskey(tokens[caller === "administrator" ? "basic user" : "administrator"]);
    }
    return await freshPasskey(token);
  }
  // Whose second factors an administrator removes: a new user's (the callers' sessions would end).
  if (p === "/User/:id/second-factor") {
    return (await addUser(s, tokens.administrator, { username: `lost-phone-${++n}` })).id;
  }
  if (/^\/User\/:/.test(p) && r.method !== "delete") {
    // Where the caller sees only their own, the administrator is someone else.
    if (caller === "no token" || foreign) return userIds.administrator;
    return own ? userIds[caller] : userIds["basic user"];
  }
  // A user's face: their own; an administrator removes anyone's (a new user's, none of another tenant's ids).
  if (p === "/ComputerVision/:userId") {
    if (caller === "no token" || foreign) return ids.faceUser;
    return own ? userIds[caller] : (await addUser(s, tokens.administrator, { username: `face-${++n}` })).id;
  }
  if (p === "/ComputerVision/:userId/review") return ids.faceUser;
  // A device for face sign-in, enrolled for the probe (a withdrawn one signs nobody in).
  if (p === "/ComputerVision/devices/:id") return await freshFaceDevice();
  if (p.startsWith("/FavoriteAction/")) {
    if (foreign) return ids[caller === "administrator" ? "favorite:basic user" : "favorite:administrator"];
    return r.method === "delete" ? await fresh["/FavoriteAction"](token) : ids[`favorite:${caller}`];
  }
  const contractorScoped = own && caller === "contractor";
  if (p === "/StorageSpace/:id/children") return ids.location;
  if (p === "/WmsDocumentPosition/ReleaseStorageSpace/:id") return await fresh["/StorageSpace"](token);
  if (p === "/WmsInventory/bestsourcematerial/:id" || p === "/ProductStockReport/:id") {
    return foreign ? ids.theirProduct : contractorScoped ? ids.ownProduct : ids.staffProduct;
  }
  if (p === "/WmsOrder/:id/Positions" || p.startsWith("/WmsOrder/Move/:id/")) {
    return foreign ? ids.theirOrder : ids.ownOrder;
  }
  if (p === "/WmsOrder/Verify/:id/PositionsProgress") return foreign ? ids.theirCount : ids.ownCount;
  if (p.startsWith("/Production/:id/")) return await freshProduction();
  if (/^\/WmsOrderPosition\/:id\/(QuantityReal|Recount)$/.test(p)) {
    return await fresh["/WmsOrderPosition"](token);
  }
  if (/^\/WmsOrder\/:id\/(confirm|revert|reopen|close|archive|finish|GenerateDocuments)$/.test(p)) {
    return await fresh["/WmsOrder"](token);
  }
  if (p === "/WmsDocument/:id/Positions" || p === "/WmsDocument/ByPrecedingDocumentId/:id") {
    return foreign ? ids.theirDocument : ids.ownDocument;
  }
  // A shortage removes a position nothing was picked of.
  if (/^\/WmsDocumentPosition\/:id\/(Pick|Shortage)$/.test(p)) {
    return await fresh["/WmsDocumentPosition"](token);
  }
  if (p === "/SharedAccess/:id/withdraw") return await fresh["/SharedAccess"](token);
  // A ticket's verbs change its state: a working copy of its own each time.
  if (/^\/ShipmentTicket\/:id\/(publish|unpublish|archive|assign\/:offerId)$/.test(p)) {
    return await fresh["/ShipmentTicket"](token);
  }
  // Withdrawing an offer: the carrier's own offer on a published ticket of its own.
  if (p === "/ShipmentTicket/:id/offer" && r.method === "delete") return (await freshOffer()).ticket;
  if (p.startsWith("/File/")) {
    // A carrier's user reads the files of a ticket published to them (a loading plan), not products'.
    if (caller === "carrier" && p !== "/File/delete/:id") {
      return ids.ticketFile ??= await freshFile("ShipmentTicket", ids.publishedTicket);
    }
    return p === "/File/delete/:id" ? await freshFile() : ids.file ??= await freshFile();
  }
  // A record's discussion: of the contractor's product (whose readers are staff); by its own id after.
  if (p === "/Discussion/:type/:id") return ids.ownProduct;
  if (p.startsWith("/Discussion/:id")) {
    return ids.discussion ??=
      (await api("GET", `/Discussion/Product/${ids.ownProduct}`, undefined, tokens.administrator)).body.id;
  }
  if (p === "/contractororders/delete-cart-product/:id") return await freshCartLine();
  if (p.startsWith("/contractororders/orders/:")) {
    if (foreign) return ids.theirExternalOrder;
    return r.method === "delete" ? await freshExternalOrder() : ids.ownExternalOrder;
  }
  if (p === "/WmsDocument/:id/confirm" || p === "/WmsDocument/:id/revert") {
    return await fresh["/WmsDocument"](token);
  }
  const resource = resourceOf(r);
  // Open routes name a code or an address, and the logs are written by the server alone.
  if (r.access === "public" || !fresh[resource]) return 1;
  if (r.method === "delete") return await fresh[resource](token);
  const scoped: Record<string, [string, string]> = {
    "/Company": ["ownCompany", "theirCompany"],
    "/Product": ["ownProduct", "theirProduct"],
    "/WmsDocument": ["ownDocument", "theirDocument"],
    "/WmsDocumentPosition": ["ownPosition", "theirPosition"],
    "/WmsOrder": ["ownOrder", "theirOrder"],
    "/WmsOrderPosition": ["ownOrderPosition", "theirOrderPosition"],
    // A carrier's user sees published tickets and their own offers and messages.
    "/ShipmentTicket": ["publishedTicket", "draftTicket"],
    "/TransportOffer": ["ownOffer", "theirOffer"],
    "/TransportMessage": ["ownMessage", "theirMessage"],
  };
  if (scoped[resource]) return ids[scoped[resource][foreign ? 1 : 0]];
  return ids[`any:${resource}`] ??= await fresh[resource](token);
}

let importJobId: string | undefined;

/** An import job of this tenant (a file of more rows than import at once: 2,001 product groups). */
async function importJob(): Promise<string> {
  if (importJobId) return importJobId;
  const form = new FormData();
  const rows = Array.from({ length: 2_001 }, (_, i) => `Imported group ${i}`);
  form.append("file", new File([["name", ...rows].join("\n")], "groups.csv"));
  form.append("recordType", "ProductGroup");
  const r = await fetch(`${s.baseUrl}/api/Import`, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens.administrator}` },
    body: form,
  });
  expect(r.status).toBe(202);
  return importJobId = (await r.json()).jobId as string;
}

/** Calls `r` as `caller` with its parameters filled (by `id`) and an empty JSON body where it takes one. */
async function probe(r: RouteSpec, caller: Caller, id?: Id, token?: string) {
  const jobId = r.path.includes(":jobId") ? await importJob() : "";
  const path = "/api" +
    r.path.replace(
      /:(\w+)/g,
      (_m, name) =>
        name === "email"
          ? "x%40example.com"
          : name === "secret"
          ? feedSecret
          : name === "type"
          ? "Product"
          : name === "jobId"
          ? jobId
          : String(id),
    );
  const auth = token ?? (caller === "no token" ? undefined : tokens[caller]);
  return await call(s, r.method.toUpperCase(), path, { token: auth, body: r.body ? {} : undefined });
}

beforeAll(async () => {
  s = await startServer();
  shop = await startShop(makeProducts(1));
  await createTenant(s, "matrix");
  tokens.administrator = (await signIn(s, "matrix-admin")).token;
  userIds.administrator = (await api("GET", "/User?PageSize=5")).body.results[0].id;
  ids.location = await made("/StorageSpace", { label: "MATRIX-A" });
  ids.ownCompany = await made("/Company", { shortName: "OWN FOODS", keyRole: "contractor" });
  ids.theirCompany = await made("/Company", { shortName: "THEIR FOODS", keyRole: "contractor" });
  ids.carrierCompany = await made("/Company", { shortName: "OWN TRUCKS", keyRole: "carrier" });
  ids.theirCarrier = await made("/Company", { shortName: "THEIR TRUCKS", keyRole: "carrier" });
  ids.ownProduct = await made("/Product", {
    index: "OWN-1",
    name: "Own product",
    contractorId: ids.ownCompany,
  });
  ids.theirProduct = await made("/Product", {
    index: "THEIR-1",
    name: "Their product",
    contractorId: ids.theirCompany,
  });
  ids.staffProduct = await made("/Product", { index: "STAFF-1", name: "Staff product" });
  const document = (contractorId: number) =>
    made("/WmsDocument", { typeCode: "DIN", contractorId, destinationLocationId: ids.location });
  ids.ownDocument = await document(ids.ownCompany);
  ids.theirDocument = await document(ids.theirCompany);
  ids.staffDocument = await made("/WmsDocument", { typeCode: "IIN", destinationLocationId: ids.location });
  const position = (documentId: number, productId: number) =>
    made("/WmsDocumentPosition", { documentId, productId, quantity: 1 });
  ids.ownPosition = await position(ids.ownDocument, ids.ownProduct);
  ids.theirPosition = await position(ids.theirDocument, ids.theirProduct);
  const order = (contractorId: number) => made("/WmsOrder", { typeCode: "OOU", contractorId });
  ids.ownOrder = await order(ids.ownCompany);
  ids.theirOrder = await order(ids.theirCompany);
  ids.staffOrder = await made("/WmsOrder", { typeCode: "OIN" });
  const orderPosition = (orderId: number, productId: number) =>
    made("/WmsOrderPosition", { orderId, productId, quantity: 1 });
  ids.ownOrderPosition = await orderPosition(ids.ownOrder, ids.ownProduct);
  ids.theirOrderPosition = await orderPosition(ids.theirOrder, ids.theirProduct);
  // Production on, and a product made of the staff product.
  const config = (await call(s, "GET", "/api/ClientLogisticsConfig", { token: tokens.administrator })).body;
  await call(s, "PUT", "/api/ClientLogisticsConfig", {
    token: tokens.administrator,
    body: {
      ...config,
      production: { enabled: true, rawMaterialLocationId: null, finishedGoodsLocationId: null },
    },
  });
  ids.madeProduct = await made("/Product", {
    index: "MADE - 1",
    name: "Made - one",
    sapId: "M - 1",
    resources: [{ productId: ids.staffProduct, quantity: 1 }],
  });
  const count = async (contractorId: number) => {
    const id = await made("/WmsOrder", { typeCode: "VER-C", contractorId });
    await call(s, "POST", `/api/WmsOrder/${id}/confirm`, { token: tokens.administrator });
    return id;
  };
  ids.ownCount = await count(ids.ownCompany);
  ids.theirCount = await count(ids.theirCompany);
  const flags: Record<Exclude<Caller, "no token" | "administrator">, Record<string, unknown>> = {
    manager: { isPowerUser: true },
    "basic user": {},
    logistics: { logisticsEnabled: true },
    terminal: { terminalEnabled: true },
    contractor: { connectedContractorId: ids.ownCompany, contractorPortalEnabled: true },
    shipping: { shippingEnabled: true },
    carrier: { connectedContractorId: ids.carrierCompany, transportEnabled: true },
  };
  for (const [caller, extra] of Object.entries(flags) as [keyof typeof flags, Record<string, unknown>][]) {
    const username = `matrix-${caller.replace(" ", "-")}`;
    userIds[caller] = (await addUser(s, tokens.administrator, { username, ...extra })).id;
    tokens[caller] = (await signIn(s, username)).token;
  }
  for (const caller of Object.keys(tokens) as (keyof typeof tokens)[]) {
    ids[`favorite:${caller}`] = await fresh["/FavoriteAction"](tokens[caller]);
  }
  await addUser(s, tokens.administrator, { username: "matrix-feed" });
  const feed = await api("POST", "/Calendar/feed", undefined, (await signIn(s, "matrix-feed")).token);
  feedSecret = new URL(feed.body.url).pathname.split("/").pop()!;
  // Portal orders: the contractor user's own, and one of another contractor's user.
  ids.ownExternalOrder = await freshExternalOrder();
  await addUser(s, tokens.administrator, {
    username: "matrix-their-contractor",
    connectedContractorId: ids.theirCompany,
    contractorPortalEnabled: true,
  });
  const their = (await signIn(s, "matrix-their-contractor")).token;
  ids.theirExternalOrder = await freshExternalOrder(their, ids.theirProduct);
  // Freight: a working copy no carrier sees, and a published ticket with each carrier's offer and message.
  ids.draftTicket = await fresh["/ShipmentTicket"](tokens.administrator);
  await addUser(s, tokens.administrator, {
    username: "matrix-their-carrier",
    connectedContractorId: ids.theirCarrier,
    transportEnabled: true,
  });
  const theirCarrier = (await signIn(s, "matrix-their-carrier")).token;
  const own = await freshOffer();
  ids.publishedTicket = own.ticket;
  ids.ownOffer = own.offer;
  ids.theirOffer = (await api(
    "POST",
    `/ShipmentTicket/${own.ticket}/offer`,
    { price: 90, currency: "EUR" },
    theirCarrier,
  )).body.id;
  const message = async (token: string) =>
    (await api("POST", `/ShipmentTicket/${own.ticket}/message`, { text: "Loading ramp?" }, token)).body.id;
  ids.ownMessage = await message(tokens.carrier);
  // Face sign-in on, and a user's face enrolled by the administrator (a face removed by a probe is missed).
  const account = (await api("GET", "/ClientAccount")).body;
  await api("PUT", "/ClientAccount", { ...account, faceSignIn: true });
  ids.faceUser = (await addUser(s, tokens.administrator, { username: "matrix-face" })).id;
  const face = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 11);
  const enrolled = await api("POST", "/ComputerVision", {
    userId: ids.faceUser,
    descriptors: [0, 1, 2].map((k) => face.map((x, i) => x + (i === k ? 0.01 : 0))),
    consent: true,
  });
  if (enrolled.status !== 201) throw new Error(`enrolling a face: ${JSON.stringify(enrolled.body)}`);
  // A shop's product, imported (the job answers at once; its row is there when it has ended).
  const credentials = await fresh["/ExternalCredentials"](tokens.administrator);
  await api("GET", `/ProductExternal/import/${credentials}`);
  for (let i = 0; i < 200; i++) {
    const job = (await api("GET", `/ExternalCredentials/${credentials}`)).body.jobStatus;
    if (job === "done") break;
    if (job === "failed") throw new Error("the shop's import failed");
    await new Promise((r) => setTimeout(r, 50));
  }
  ids.productExternal = (await api("GET", "/ProductExternal?PageSize=1")).body.results[0].id;
  ids.theirMessage = await message(theirCarrier);
  await createTenant(s, "elsewhere");
  stranger = (await signIn(s, "elsewhere-admin")).token;
  await createTenant(s, "spare");
}, 60_000);
afterAll(async () => {
  await shop?.close();
  s?.close();
});

describe("access by route (docs/api.md)", () => {
  it("names every route the server serves, once, with what each caller gets", () => {
    const table = documented();
    const served = new Map(routes.map((r) => [key(r), row(r)]));
    // By path, then method, as the table is written.
    const order = (line: string) => line.replace(/^\| `(\w+) ([^`]+)`.*$/, "$2 $1");
    const expected = [...served.values()].sort((a, b) => order(a).localeCompare(order(b))).join("\n");
    const missing = [...served].filter(([k]) => !table.has(k)).map(([, line]) => line);
    expect(missing, `add these rows to docs/api.md; the whole table is:\n${expected}`).toEqual([]);
    expect([...table.keys()].filter((k) => !served.has(k)), "rows for routes the server does not serve")
      .toEqual([]);
    for (const [k, line] of served) expect(table.get(k), `${k}; the whole table is:\n${expected}`).toBe(line);
  });

  it("every list route names its fields, so the isolation fuzz walks its filters, sorts and search", () => {
    const lists = routes.filter((r) => {
      const shape = (r.response as { shape?: Record<string, unknown> } | undefined)?.shape;
      return shape !== undefined && "allFilteredRowCount" in shape;
    });
    expect(lists.length).toBeGreaterThan(20);
    expect(lists.filter((r) => !r.list).map(key)).toEqual([]);
  });

  it("answers every route as its row says to every caller, on records that exist", async () => {
    const mismatches: string[] = [];
    for (const r of routes) {
      for (const caller of callers) {
        const expected = cell(r, caller);
        const hasId = r.path.includes(":");
        const id = hasId ? await idFor(r, caller) : undefined;
        // Signing out ends the session it is called with: use one of its own.
        const token = r.method === "delete" && r.path === "/Auth" && caller !== "no token"
          ? await newSignIn(usernameOf(caller))
          : r.path === "/ClientAccount/Sessions" && caller === "administrator"
          // Ending every sign-in of the company would end the other callers' tokens: another company's
          // administrator, whose row is the same, ends theirs.
          ? (await signIn(s, "spare-admin")).token
          : undefined;
        const res = await probe(r, caller, id, token);
        const answer = `${res.status} ${res.body?.error?.code ?? ""}`.trim();
        const refusal = caller === "no token"
          ? "401 auth.tokenMissing"
          : expected === "module"
          ? "403 auth.moduleDisabled"
          : refusalOf(r);
        const refused = answer === refusal;
        // A carrier owns no products: every product is missing to its users, as another contractor's is.
        if (
          caller === "carrier" &&
          (r.path === "/WmsInventory/bestsourcematerial/:id" || r.path === "/ProductStockReport/:id")
        ) {
          if (!refused) mismatches.push(`${key(r)} as carrier: a product answered ${answer}`);
          continue;
        }
        if (res.status >= 500) mismatches.push(`${key(r)} as ${caller}: ${answer}`);
        else if (refused !== (expected === "no" || expected === "module")) {
          mismatches.push(`${key(r)} as ${caller}: expected ${expected}, answered ${answer}`);
        } else if (refused && r.method === "delete" && hasId && caller !== "no token") {
          // A refused delete left the record there.
          if (!r.path.includes("ByPrecedingDocumentId") && !await stillThere(r, id!)) {
            mismatches.push(`${key(r)} as ${caller}: refused, but the record is gone`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("tells a user whose module is switched off so (403 auth.moduleDisabled), each module by one of its routes", async () => {
    // Users with the role each module needs but the module off; the expectations are written out here, not
    // taken from the access rules: a logistics verb, a terminal one (confirming a document), a dispatcher's
    // (a freight ticket), the portal's (the cart) and a carrier's (an offer).
    await addUser(s, tokens.administrator, { username: "matrix-no-modules" });
    await addUser(s, tokens.administrator, {
      username: "matrix-no-portal",
      connectedContractorId: ids.ownCompany,
    });
    const staff = (await signIn(s, "matrix-no-modules")).token;
    const contractor = (await signIn(s, "matrix-no-portal")).token;
    const document = await fresh["/WmsDocument"](tokens.administrator);
    const cases: [string, string, string, unknown, string][] = [
      ["logistics", "POST", "/WmsOrder", { typeCode: "OIN" }, staff],
      ["terminal", "POST", `/WmsDocument/${document}/confirm`, undefined, staff],
      ["shipping", "POST", "/ShipmentTicket", { ...freightRoute, description: "No module" }, staff],
      ["contractor portal", "GET", "/contractororders/list-cart-product", undefined, contractor],
      ["transport (a carrier's offer)", "POST", `/ShipmentTicket/${ids.publishedTicket}/offer`, {
        price: 1,
        currency: "EUR",
      }, contractor],
    ];
    for (const [module, method, path, body, token] of cases) {
      const r = await api(method, path, body, token);
      expect([r.status, r.body?.error?.code], `${module}: ${method} ${path}`).toEqual([
        403,
        "auth.moduleDisabled",
      ]);
      expect(r.body.error.message, module).toBe("This module is not enabled for your account.");
    }
    // In the user's language, and nothing was written: the document is still a working copy.
    const polish = await call(s, "POST", "/api/WmsOrder", {
      token: staff,
      body: { typeCode: "OIN" },
      headers: { "accept-language": "pl-PL" },
    });
    expect(polish.body.error.message).toBe("Ten moduł nie jest włączony dla tego konta.");
    expect((await api("GET", `/WmsDocument/${document}`)).body.statusCode).toBe("workingCopy");
    // Kept out by who they are, not by a module: a contractor user at a warehouse verb, staff at the portal.
    expect((await api("POST", "/WmsOrder", { typeCode: "OIN" }, contractor)).status).toBe(404);
    const cart = await api("GET", "/contractororders/list-cart-product", undefined, staff);
    expect([cart.status, cart.body.error.code]).toEqual([403, "auth.forbidden"]);
  });

  it(
    "refuses an 'own' caller another's record as if it were not there, and leaves it as it was",
    async () => {
      const checked: string[] = [];
      for (const r of routes.filter((r) => r.path.includes(":") && ["get", "delete"].includes(r.method))) {
        for (const caller of callers.filter((c) => c !== "no token" && cell(r, c) === "own")) {
          const id = await idFor(r, caller, true);
          const res = await probe(r, caller, id);
          expect([res.status, res.body?.error?.code], `${key(r)} as ${caller}, another's record`).toEqual([
            404,
            "record.notFoundOrNoPermission",
          ]);
          if (r.path === "/ComputerVision/:userId" || r.path === "/Auth/SecondFactor/passkeys/:id") {
            expect(await stillThere(r, id), `${key(r)}: the face or passkey is still there`).toBe(true);
          } else if (r.method === "delete") {
            // A favorite is seen by its owner alone: the basic user's, when the administrator tried.
            const owner = r.path.startsWith("/FavoriteAction/") && caller === "administrator"
              ? tokens["basic user"]
              : tokens.administrator;
            const back = await call(s, "GET", "/api" + r.path.replace(/:(\w+)/g, String(id)), {
              token: owner,
            });
            expect(back.status, `${key(r)}: the record is still there`).toBe(200);
          }
          checked.push(`${key(r)} as ${caller}`);
        }
      }
      // The contractor's scoped records and a user's own: enough routes that a lost "own" shows.
      expect(checked.length).toBeGreaterThan(10);
    },
    60_000,
  );

  it(
    "never lets another tenant's administrator change or delete a record of this tenant by its id",
    async () => {
      // Every write naming a record, as the administrator of a tenant that has no record with that id (the
      // ids here come after everything that tenant has): refused as not there, and the record stays.
      const writes = routes.filter((r) =>
        r.access !== "public" && r.method !== "get" && r.path.includes(":")
      );
      expect(writes.length).toBeGreaterThan(20);
      for (const r of writes) {
        const id = await idFor(r, "administrator");
        const res = await probe(r, "administrator", id, stranger);
        // A body, or a query the probe leaves out that the route requires, is judged before the record.
        const expected = r.body || (r.query && !r.query.safeParse({}).success) ? [400, 404] : [404];
        expect(expected, `${key(r)} by another tenant answered ${res.status} ${JSON.stringify(res.body)}`)
          .toContain(res.status);
        // The record it named is still there (the document, for confirm and revert: still a working copy).
        if (/ByPrecedingDocumentId|ReleaseStorageSpace/.test(r.path)) continue;
        expect(await stillThere(r, id), `${key(r)}: the record is still there`).toBe(true);
        if (/\/(confirm|revert|reopen|close|archive|finish)$/.test(r.path)) {
          const record = "/api" + r.path.replace(/:(\w+)/g, String(id)).replace(/\/\w+$/, "");
          const back = await call(s, "GET", record, { token: tokens.administrator });
          expect(back.body.statusCode, key(r)).toBe("workingCopy");
        }
      }
    },
    60_000,
  );

  it("never shows a record of another tenant to a signed-in caller of any tenant", async () => {
    // A record of "matrix" asked for with the token of another tenant's administrator: every route that
    // names a record by id answers as if it were not there.
    const byId = routes.filter((r) =>
      r.access !== "public" && r.method === "get" && /:(id|userId)\b/.test(r.path)
    );
    expect(byId.length).toBeGreaterThan(20);
    for (const r of byId) {
      const id = await idFor(r, "administrator");
      const path = "/api" + r.path.replace(/:(\w+)/, String(id));
      const mine = await call(s, "GET", path, { token: tokens.administrator });
      expect(mine.status, `${key(r)} as the administrator`).toBeLessThan(500);
      const theirs = await call(s, "GET", path, { token: stranger });
      if (mine.status === 200) {
        expect(theirs.body, `${key(r)} showed another tenant's record`).not.toEqual(mine.body);
      }
    }
  }, 60_000);
});
