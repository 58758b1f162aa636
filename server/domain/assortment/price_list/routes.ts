// The price list's calls: its page, and one product's price changed in the list.
import { exportRoute } from "../../exports/routes.ts";
import { pagedExportable } from "../../exports/service.ts";
import { priceListMeta } from "../../../../shared/resources/price_list.ts";
import type { Hono } from "hono";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { product } from "../products/entity.ts";
import {
  changePrice,
  listPriceList,
  PriceChange,
  priceListFields,
  PriceListPage,
  PriceListQuery,
} from "./service.ts";

export function priceListRoutes(app: Hono<Env>, platform: Services): void {
  exportRoute(
    app,
    platform,
    { path: "/Product/PriceList", tag: "Product", access: "staff", listQuery: PriceListQuery },
    pagedExportable(priceListMeta, listPriceList),
  );

  mount(app, platform, {
    method: "get",
    path: "/Product/PriceList",
    summary: "The price list: every product's unit price in the base currency, its stock on hand and that " +
      "stock's value, and both in `currency` (an exchange rate's sign) through its rate",
    tag: "Product",
    access: "staff",
    list: priceListFields,
    query: PriceListQuery,
    response: PriceListPage,
  }, (c, { query }) => listPriceList(c.get("ctx"), query));

  mount(app, platform, {
    method: "patch",
    path: "/Product/:id/price",
    summary: "Change one product's unit price (in the base currency), with the version check: 409 " +
      "record.changedByAnotherUser when the product changed meanwhile",
    tag: "Product",
    access: "manager",
    body: PriceChange,
    response: product.entity.record,
  }, (c, { params, body }) => changePrice(c.get("ctx"), idParam(params.id), body));
}
