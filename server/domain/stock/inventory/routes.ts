// WmsInventory: the inventory and stock reports. Every user reads them; a contractor user sees only their
// contractor's products.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { listQuerySchema } from "../../../kernel/list.ts";
import {
  containerFields,
  inventoryFields,
  listContainerStock,
  listInventory,
  walkInventory,
} from "./lines.ts";
import {
  inventoryMeta,
  productMovementsMeta,
  productStockAllMeta,
  productStockMeta,
} from "../../../../shared/resources/inventory.ts";
import { exportRoute } from "../../exports/routes.ts";
import { pagedExportable } from "../../exports/service.ts";
import {
  customFields,
  listCustomProductStock,
  listProductStock,
  productStockFields,
  productStockOf,
} from "./totals.ts";
import { bestSourceMaterial, suggestLocations } from "./source.ts";
import {
  listProductMovements,
  movementFields,
  productGroupMovements,
  productOutOrdersChart,
} from "./movements.ts";
import {
  BestSource,
  BestSourceQuery,
  ContainerStock,
  ContainerStockQuery,
  CustomProductStockQuery,
  DateRangeQuery,
  GroupMovement,
  GroupMovementsQuery,
  InventoryLine,
  LocationSuggestion,
  LocationSuggestQuery,
  MovementsQuery,
  OutOrdersChartRow,
  paged,
  ProductMovement,
  ProductStock,
  ProductStockQuery,
} from "./contract.ts";

const tag = "WmsInventory";

export function inventoryRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "get",
    path: "/WmsInventory/inventory",
    reads: "long",
    summary: "The detailed inventory: one row per stock line, with value, weight and stock flags (a list)",
    tag,
    access: "user",
    whole: "staff",
    list: inventoryFields,
    query: listQuerySchema,
    response: paged(InventoryLine),
  }, (c, { query }) => listInventory(c.get("ctx"), query));

  exportRoute(app, platform, { path: "/WmsInventory/inventory", tag, access: "user", whole: "staff" }, {
    meta: inventoryMeta,
    walk: (ctx, query) => walkInventory(ctx, query),
    count: async (ctx, query) =>
      (await listInventory(ctx, { ...query, PageNumber: 1, PageSize: 1 })).allFilteredRowCount,
  });

  mount(app, platform, {
    method: "get",
    path: "/WmsInventory/containerStock",
    reads: "long",
    summary: "Each container with its stock lines and total quantity (a list)",
    tag,
    access: "user",
    whole: "staff",
    list: containerFields,
    query: ContainerStockQuery,
    response: paged(ContainerStock),
  }, (c, { query }) => listContainerStock(c.get("ctx"), query));

  exportRoute(app, platform, {
    path: "/WmsInventory/productStock",
    tag,
    access: "user",
    whole: "staff",
    listQuery: ProductStockQuery,
  }, pagedExportable((q) => (q.includeZero ? productStockAllMeta : productStockMeta), listProductStock));
  exportRoute(app, platform, {
    path: "/WmsInventory/productMovements",
    tag,
    access: "user",
    whole: "staff",
    listQuery: MovementsQuery,
  }, pagedExportable(productMovementsMeta, listProductMovements));

  mount(app, platform, {
    method: "get",
    path: "/WmsInventory/productStock",
    reads: "long",
    summary: "The total stock of each product from the per-product summary, with warning and critical flags",
    tag,
    access: "user",
    whole: "staff",
    list: productStockFields,
    query: ProductStockQuery,
    response: paged(ProductStock),
  }, (c, { query }) => listProductStock(c.get("ctx"), query));

  // The spec's generic resource ProductStockReport: the same report as WmsInventory/productStock, paged
  // with the generic list query, and one product's row by its id. Read-only: other methods answer 405.
  const report = "ProductStockReport";
  exportRoute(app, platform, {
    path: "/ProductStockReport",
    tag: report,
    access: "user",
    whole: "staff",
    listQuery: ProductStockQuery,
  }, pagedExportable((q) => (q.includeZero ? productStockAllMeta : productStockMeta), listProductStock));

  mount(app, platform, {
    method: "get",
    path: "/ProductStockReport",
    reads: "long",
    summary: "The total stock of each product (WmsInventory/productStock as a generic resource's list)",
    tag: report,
    access: "user",
    whole: "staff",
    list: productStockFields,
    query: ProductStockQuery,
    response: paged(ProductStock),
  }, (c, { query }) => listProductStock(c.get("ctx"), query));

  mount(app, platform, {
    method: "get",
    path: "/ProductStockReport/:id",
    summary: "One product's total stock with its warning and critical flags (0 without stock), by its id",
    tag: report,
    access: "user",
    whole: "staff",
    response: ProductStock,
  }, (c, { params }) => productStockOf(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "get",
    path: "/WmsInventory/customProductStock",
    reads: "long",
    summary: "The stock of each product within given locations, a location subtree, a contractor or a group",
    tag,
    access: "user",
    whole: "staff",
    list: customFields,
    query: CustomProductStockQuery,
    response: paged(ProductStock),
  }, (c, { query }) => listCustomProductStock(c.get("ctx"), query));

  mount(
    app,
    platform,
    {
      method: "get",
      path: "/WmsInventory/bestsourcematerial/:id",
      summary: "The product's lines to take from: earliest expiry first, then the oldest arrival " +
        "(locked-out locations and containers left out); with quantity, the lines that cover it; with " +
        "locationId, only within that location and those below it",
      tag,
      access: "user",
      whole: "staff",
      query: BestSourceQuery,
      response: BestSource,
    },
    (c, { params, query }) =>
      bestSourceMaterial(c.get("ctx"), idParam(params.id), query.quantity, query.locationId, query.limit),
  );

  mount(app, platform, {
    method: "get",
    path: "/WmsInventory/locationsuggestin",
    summary: "Where to put a quantity of a product away: its default location, locations holding it, " +
      "then free locations by pickupOrder; each with its reason",
    tag,
    access: "user",
    whole: "staff",
    query: LocationSuggestQuery,
    response: z.array(LocationSuggestion),
  }, (c, { query }) => suggestLocations(c.get("ctx"), query));

  mount(app, platform, {
    method: "get",
    path: "/WmsInventory/productMovements",
    reads: "long",
    summary:
      "Ledger rows (of one product with productId) in a date range, with document and in/out quantities",
    tag,
    access: "user",
    whole: "staff",
    list: movementFields,
    query: MovementsQuery,
    response: paged(ProductMovement),
  }, (c, { query }) => listProductMovements(c.get("ctx"), query));

  mount(app, platform, {
    method: "get",
    path: "/WmsInventory/productGroupMovements",
    reads: "long",
    summary: "In and out quantities per main product group per day in a date range (receipts and releases)",
    tag,
    access: "user",
    whole: "staff",
    query: GroupMovementsQuery,
    response: z.array(GroupMovement),
  }, (c, { query }) => productGroupMovements(c.get("ctx"), query));

  mount(app, platform, {
    method: "get",
    path: "/WmsInventory/productOutOrdersChart",
    reads: "long",
    summary: "The 10 products released most in a date range (confirmed release documents until orders exist)",
    tag,
    access: "user",
    whole: "staff",
    query: DateRangeQuery,
    response: z.array(OutOrdersChartRow),
  }, (c, { query }) => productOutOrdersChart(c.get("ctx"), query));
}
