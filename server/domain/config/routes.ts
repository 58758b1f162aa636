import type { Hono } from "hono";
import { historyRoute } from "../logs/record_log/history.ts";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { mount } from "../../engine/http/route.ts";
import {
  ChangeUserConfig,
  ClientLogisticsConfig,
  ClientLogisticsConfigUpdate,
} from "../../../shared/config/contract.ts";
import {
  NumberingPreview,
  NumberingPreviewRequest,
  NumberingPreviews,
  NumberingPreviewsRequest,
  previewNumber,
  previewNumbers,
} from "../stock/numbering/preview.ts";
import { ClientAccount, ClientAccountUpdate } from "./account/entity.ts";
import { BaseCurrencyChange, changeBaseCurrency } from "./account/base_currency.ts";
import { DocumentUsage, documentUsageOf } from "./account/usage.ts";
import {
  changeUserConfig,
  getClientAccount,
  getLogisticsConfig,
  updateClientAccount,
  updateLogisticsConfig,
  userStartupConfig,
} from "./service.ts";
import {
  wmsDocumentActions,
  wmsDocumentDefinitions,
  wmsOrderActions,
  wmsOrderDefinitions,
} from "./definitions.ts";

export function configRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "Config";
  mount(app, platform, {
    method: "get",
    path: "/config/getuserstartupconfig",
    summary: "Everything the client needs after sign-in, with the menu sections this user may open",
    tag,
    access: "user",
    whole: "none",
  }, (c) => userStartupConfig(c.get("ctx")));

  mount(app, platform, {
    method: "patch",
    path: "/config/changeuserconfig",
    summary: "Change one setting of the signed-in user (paramName, paramValue)",
    tag,
    access: "user",
    whole: "none",
    body: ChangeUserConfig,
  }, (c, { body }) => changeUserConfig(c.get("ctx"), body));

  const staticList = (path: string, summary: string, data: unknown) =>
    mount(
      app,
      platform,
      { method: "get", path, summary, tag, access: "user", response: z.array(z.any()) },
      () => data,
    );
  staticList(
    "/Config/WmsDocumentActions",
    "Warehouse document actions and the statuses they apply to",
    wmsDocumentActions,
  );
  staticList(
    "/Config/WmsOrderActions",
    "Warehouse order actions and the statuses they apply to",
    wmsOrderActions,
  );
  staticList("/Config/AllWarehouseDocumentTypes", "Warehouse document types", wmsDocumentDefinitions);
  // The types a user makes an order of (production orders are planned by GenerateProduction).
  staticList(
    "/Config/AllWarehouseOrderTypes",
    "Warehouse order types",
    wmsOrderDefinitions.filter((d) => d.kind !== "production"),
  );

  mount(app, platform, {
    method: "get",
    path: "/ClientAccount",
    summary: "The company's own account",
    tag,
    access: "user",
    response: ClientAccount,
  }, (c) => getClientAccount(c.get("ctx")));

  // Who changed the company's account, and what (the account is one record, id 1).
  historyRoute(app, platform, {
    resourceType: "ClientAccount",
    path: "/ClientAccount",
    access: "user",
    singletonId: 1,
    read: (ctx) => getClientAccount(ctx),
  });

  mount(app, platform, {
    method: "put",
    path: "/ClientAccount",
    summary: "Edit the company's own account (administrators)",
    tag,
    access: "admin",
    body: ClientAccountUpdate,
    response: ClientAccount,
  }, (c, { body }) => updateClientAccount(c.get("ctx"), body));

  mount(app, platform, {
    method: "get",
    path: "/ClientAccount/document-usage",
    summary: "This month's (UTC) confirmed documents against the account's monthly limit, the extra ones " +
      "and their cost against the budget for extra operations, and how the month stands (administrators)",
    tag,
    access: "admin",
    response: DocumentUsage,
  }, (c) => documentUsageOf(c.get("ctx")));

  mount(app, platform, {
    method: "post",
    path: "/ClientAccount/base-currency",
    summary: "Change the account's base currency, saying what becomes of the exchange rates (rates are " +
      "against the base): recompute them against the new base, keep them, or clear them; with the account, " +
      "in one transaction (administrators)",
    tag,
    access: "admin",
    body: BaseCurrencyChange,
    response: ClientAccount,
  }, (c, { body }) => changeBaseCurrency(c.get("ctx"), body));

  mount(app, platform, {
    method: "get",
    path: "/ClientLogisticsConfig",
    summary: "Logistics configuration: numbering schemas, switches and rules",
    tag,
    access: "user",
    response: ClientLogisticsConfig,
  }, (c) => getLogisticsConfig(c.get("ctx")));

  mount(app, platform, {
    method: "put",
    path: "/ClientLogisticsConfig",
    summary: "Edit the logistics configuration (administrators)",
    tag,
    access: "admin",
    body: ClientLogisticsConfigUpdate,
    response: ClientLogisticsConfig,
  }, (c, { body }) => updateLogisticsConfig(c.get("ctx"), body));

  mount(app, platform, {
    method: "post",
    path: "/Config/NumberingPreview",
    summary:
      "The next number a numbering schema gives (the one being edited, or the one in force), without " +
      "taking it: a document's, an order's or a container's (administrators)",
    tag,
    access: "admin",
    body: NumberingPreviewRequest,
    response: NumberingPreview,
  }, (c, { body }) => previewNumber(c.get("ctx"), body));

  mount(app, platform, {
    method: "post",
    path: "/Config/NumberingPreviews",
    summary:
      "The next numbers of several numbering schemas in one call (the logistics configuration's every " +
      "schema as it opens), each as NumberingPreview answers it, in the order asked (administrators)",
    tag,
    access: "admin",
    body: NumberingPreviewsRequest,
    response: NumberingPreviews,
  }, (c, { body }) => previewNumbers(c.get("ctx"), body));
}
