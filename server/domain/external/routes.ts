// External services' calls: the ExternalCredentials resource (administrators), connecting a shop
// (config/{id}: the shop's approval page; callback/{code}: the keys the shop posts; activate/{id}/{code}: the
// activation screen's check), trying credentials, the ProductExternal list (staff), its import and stock
// push (jobs, 202) and linking by hand, and a release document's label from a delivery carrier.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { idParam, mount } from "../../engine/http/route.ts";
import { resourceRoutes } from "../../engine/routes.ts";
import { externalCredential, productExternal } from "./entity.ts";
import { carrierAccounts, testCredentials } from "./credentials.ts";
import { activate, ConnectAnswer, connectShop, receiveShopKeys, ShopKeys } from "./key_exchange.ts";
import { importShopProducts } from "./import.ts";
import { LinkInput, linkProduct } from "./links.ts";
import { pushShopStock } from "./push.ts";
import { shipDocument, Shipped, ShipRequest } from "./shipping.ts";

const JobStarted = z.object({ credentialsId: z.number(), jobKind: z.string(), jobStatus: z.string() });

export function externalRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "ExternalCredentials";
  const record = externalCredential.entity.record;
  // Before the generic `/ExternalCredentials/:id`.
  mount(app, platform, {
    method: "get",
    path: "/ExternalCredentials/config/:id",
    summary: "Connect a shop: a new activation code (an hour) and the address of the shop's page where its " +
      "administrator approves our access (WooCommerce /wc-auth/v1/authorize)",
    tag,
    access: "admin",
    response: ConnectAnswer,
  }, (c, { params }) => connectShop(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "get",
    path: "/ExternalCredentials/activate/:credentialsId/:activationCode",
    summary: "The activation screen's check: the code is the exchange's and the keys the shop sent work; " +
      "else 409 external.refreshTokenInvalid",
    tag,
    access: "admin",
    response: record,
  }, (c, { params }) => activate(c.get("ctx"), idParam(params.credentialsId), params.activationCode));

  mount(app, platform, {
    method: "post",
    path: "/ExternalCredentials/callback/:code",
    summary:
      "WooCommerce's key exchange posts the generated keys here (no token: the activation code names " +
      "the exchange and its tenant)",
    tag,
    access: "public",
    body: ShopKeys,
    response: z.object({ ok: z.boolean() }),
  }, (_c, { params, body }) => receiveShopKeys(platform, params.code, body));

  mount(app, platform, {
    method: "get",
    path: "/ExternalCredentials/carriers",
    summary: "The delivery carriers' accounts a release document can be shipped with (no secrets)",
    tag,
    access: "logistics",
    response: z.array(z.object({ id: z.number(), description: z.string().nullable(), baseUrl: z.string() })),
  }, (c) => carrierAccounts(c.get("ctx")));

  mount(app, platform, {
    method: "post",
    path: "/ExternalCredentials/:id/test",
    summary: "Ask the service whether it takes the credentials (valid, lastCheckedAt and lastError kept)",
    tag,
    access: "admin",
    response: record,
  }, (c, { params }) => testCredentials(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "get",
    path: "/ProductExternal/import/:id",
    summary: "Import the shop's products (202: a job; its progress is on the credentials' record), linking " +
      "each new one to our product whose barcode is its EAN",
    tag: "ProductExternal",
    access: "admin",
    response: JobStarted,
    status: 202,
  }, (c, { params }) => importShopProducts(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "post",
    path: "/ProductExternal/push/:id",
    summary: "Set the shop's stock of every linked product to our free stock (202: a job, as the import)",
    tag: "ProductExternal",
    access: "admin",
    response: JobStarted,
    status: 202,
  }, (c, { params }) => pushShopStock(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "post",
    path: "/ProductExternal/:id/link",
    summary: "Link a shop's product to one of ours by hand (productId null: unlink)",
    tag: "ProductExternal",
    access: "manager",
    body: LinkInput,
    response: productExternal.entity.record,
  }, (c, { params, body }) => linkProduct(c.get("ctx"), idParam(params.id), body.productId));

  mount(app, platform, {
    method: "post",
    path: "/WmsDocument/:id/ship",
    summary: "Buy a release document's parcel label from a delivery carrier: the PDF attached to the " +
      "document, the tracking number kept as its transport document number",
    tag: "WmsDocument",
    access: "logistics",
    body: ShipRequest,
    response: Shipped,
  }, (c, { params, body }) => shipDocument(c.get("ctx"), idParam(params.id), body));

  resourceRoutes(app, platform, externalCredential);
  resourceRoutes(app, platform, productExternal);
}
