// The Hono application: middleware order, each area's routes, one error handler. Runtime-neutral:
// server/main.ts serves `app.fetch` on Deno; tests call the same app in-process or over a real port.
import { discussionRoutes } from "./domain/discussions/routes.ts";
import { messagingRoutes } from "./domain/messaging/routes.ts";
import { printer } from "./domain/printing/entity.ts";
import { printingRoutes } from "./domain/printing/routes.ts";
import { printAgentRoutes, printAgentSocket } from "./domain/printing/agent/routes.ts";
import { Hono } from "hono";
import { getPath } from "hono/utils/url";
import type { Platform } from "./platform.ts";
import { VERSION } from "./platform.ts";
import type { Env } from "./engine/http/types.ts";
import { requestContext } from "./http/middleware.ts";
import { securityHeaders } from "./http/security.ts";
import { handleError } from "./http/errors.ts";
import { canonicalPath, methodsOf, openApiDocument, routes, SERVED_METHODS } from "./engine/http/openapi.ts";
import { AppError } from "./kernel/errors.ts";
import { mount } from "./engine/http/route.ts";
import { webRoutes } from "./http/web.ts";
import { announceClientBuild, refuseOutdatedClient } from "./http/client_version.ts";
import { composeHttp } from "./engine/http/parts.ts";
import { authenticate } from "./http/middleware.ts";
import { idempotent } from "./http/idempotency.ts";
import { apiKeyMayCall } from "./domain/sharing/api_key.ts";
import { API_KEY_BURST, API_KEY_PER_SECOND } from "./domain/sharing/keys.ts";
import { authRoutes } from "./domain/access/auth/routes.ts";
import { sessionRoutes } from "./domain/access/auth/session_routes.ts";
import { userRoutes } from "./domain/access/users/routes.ts";
import { registrationRoutes } from "./domain/access/registration/routes.ts";
import { oidcRoutes } from "./domain/access/oidc/routes.ts";
import { configRoutes } from "./domain/config/routes.ts";
import { systemRoutes } from "./domain/system/routes.ts";
import { hubRoutes } from "./hub/routes.ts";
import { favoriteRoutes } from "./domain/favorites/routes.ts";
import { productGroup } from "./domain/assortment/product_groups/entity.ts";
import { composeResourceRoutes, resourceRoutes } from "./engine/routes.ts";
import { exportRoute } from "./domain/exports/routes.ts";
import { historyRoute } from "./domain/logs/record_log/history.ts";
import { composeEngine } from "./engine/engine.ts";
import * as tenantSchema from "./schema.ts";
import { discussionAttached } from "./domain/discussions/attached.ts";
import { fileAttached } from "./domain/files/attached.ts";
import { address } from "./domain/parties/addresses/entity.ts";
import { geoLocation } from "./domain/parties/geo_locations/entity.ts";
import { company } from "./domain/parties/companies/entity.ts";
import { person } from "./domain/parties/persons/entity.ts";
import { tag } from "./domain/reference/tags/entity.ts";
import { dictionary } from "./domain/reference/dictionaries/entity.ts";
import { storageSpaceType } from "./domain/storage/location_types/entity.ts";
import { storageSpaceRoutes } from "./domain/storage/locations/routes.ts";
import { recordLogEntry } from "./domain/logs/record_log/entity.ts";
import { systemLogEntry } from "./domain/logs/system_log/entity.ts";
import { securityLogEntry } from "./domain/logs/security_log/entity.ts";
import { printLayout } from "./domain/reference/print_layouts/entity.ts";
import { emailTemplate } from "./domain/reference/email_templates/entity.ts";
import { emailAccount } from "./domain/reference/email_accounts/entity.ts";
import { product } from "./domain/assortment/products/entity.ts";
import { exchangeRate } from "./domain/assortment/exchange_rates/entity.ts";
import { container } from "./domain/stock/containers/entity.ts";
import { wmsOrderRoutes } from "./domain/orders/routes.ts";
import { wmsDocumentRoutes } from "./domain/stock/documents/routes.ts";
import { wmsDocumentPositionRoutes } from "./domain/stock/positions/routes.ts";
import { sharingRoutes } from "./domain/sharing/routes.ts";
import { portalRoutes } from "./domain/portal/routes.ts";
import { inventoryRoutes } from "./domain/stock/inventory/routes.ts";
import { widgetRoutes } from "../widgets/routes.ts";
import { calendarRoutes } from "./domain/calendar/routes.ts";
import { priceListRoutes } from "./domain/assortment/price_list/routes.ts";
import { fileRoutes } from "./domain/files/routes.ts";
import { importRoutes } from "./domain/imports/routes.ts";
import { transportRoutes } from "./domain/transport/routes.ts";
import { externalRoutes } from "./domain/external/routes.ts";
import { faceRoutes } from "./domain/access/faces/routes.ts";
import { secondFactorRoutes } from "./domain/access/mfa/routes.ts";
export function createApp(platform: Platform): Hono<Env> {
  // The engine gets the tenant's tables and what areas keep about any record here, not by importing them.
  composeEngine({ tables: Object.values(tenantSchema), attached: [discussionAttached, fileAttached] });
  composeResourceRoutes({ exportRoute, historyRoute });
  // The route toolkit the areas declare with gets who the caller is, idempotent writes and the API keys' terms.
  composeHttp({
    authenticate,
    idempotent,
    apiKeyMayCall,
    apiKeyRate: { burst: API_KEY_BURST, perSecond: API_KEY_PER_SECOND },
  });
  routes.length = 0;
  const api = new Hono<Env>();
  api.use("*", announceClientBuild(platform));
  // Before the sign-in's body is read: an outdated client may be sending an older shape.
  api.post("/Auth", refuseOutdatedClient(platform));
  authRoutes(api, platform);
  sessionRoutes(api, platform);
  oidcRoutes(api, platform);
  secondFactorRoutes(api, platform);
  registrationRoutes(api, platform);
  userRoutes(api, platform);
  configRoutes(api, platform);
  systemRoutes(api, platform);
  favoriteRoutes(api, platform);
  // Before the generic Product routes: /Product/PriceList is no record id.
  priceListRoutes(api, platform);
  // The resources served by the generic routes alone (list, get, add, edit, delete).
  for (
    const resource of [
      productGroup,
      address,
      geoLocation,
      company,
      person,
      tag,
      dictionary,
      storageSpaceType,
      recordLogEntry,
      systemLogEntry,
      securityLogEntry,
      printLayout,
      printer,
      emailTemplate,
      emailAccount,
      product,
      exchangeRate,
      container,
    ]
  ) resourceRoutes(api, platform, resource);
  storageSpaceRoutes(api, platform);
  printingRoutes(api, platform);
  printAgentRoutes(api, platform);
  messagingRoutes(api, platform);
  discussionRoutes(api, platform);
  wmsDocumentRoutes(api, platform);
  wmsDocumentPositionRoutes(api, platform);
  sharingRoutes(api, platform);
  portalRoutes(api, platform);
  inventoryRoutes(api, platform);
  wmsOrderRoutes(api, platform);
  calendarRoutes(api, platform);
  fileRoutes(api, platform);
  importRoutes(api, platform);
  transportRoutes(api, platform);
  externalRoutes(api, platform);
  faceRoutes(api, platform);
  mount(api, platform, {
    method: "get",
    path: "/openapi.json",
    summary: "This document: OpenAPI 3.1, generated from the schemas that validate requests",
    tag: "System",
    access: "public",
  }, () => openApiDocument(VERSION));

  // Paths under /api match case-insensitively: the static segments are rewritten to their declared case.
  const app = new Hono<Env>({ getPath: (req) => canonicalPath(getPath(req)) });
  // The real-time hub comes before the request context: a 101 answer takes no extra headers.
  hubRoutes(app, platform);
  printAgentSocket(app, platform);
  app.use("*", securityHeaders(platform));
  // The areas' lifecycle hooks are the platform's (server/hooks.ts): its app and its sweep use the same.
  app.use("*", requestContext(platform, platform.hooks));
  app.route("/api", api);
  widgetRoutes(app, platform);
  webRoutes(app, platform.config);
  app.notFound((c) => {
    // A known /api path with a method it does not take (TRACE, PROPFIND, DELETE of a list): 405 naming the
    // methods it takes.
    const allowed = c.req.path.toLowerCase().startsWith("/api") ? methodsOf(apiPath(c.req.path)) : [];
    // A method the server serves nowhere (TRACE, CONNECT, a made-up one) is not allowed on any path.
    const err = allowed.length
      ? new AppError("method.notAllowed", { headers: { Allow: allowed.join(", ") } })
      : SERVED_METHODS.has(c.req.method)
      ? new AppError("route.notFound")
      : new AppError("method.notAllowed");
    return handleError(err, c);
  });
  app.onError((err, c) => handleError(err, c));
  return app;
}

/** The path with its /api prefix as the routes declare it ("/API/User/1" is "/api/User/1"). */
function apiPath(path: string): string {
  return "/api" + path.slice("/api".length);
}
