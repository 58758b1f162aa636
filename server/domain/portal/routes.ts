// The contractor portal's calls (api-contract.md, Contractor portal), under /api/contractororders/ with the
// spec's own spellings (availible-…, quantityRecieved). The cart and ordering are for contractor users with
// the portal module (`portal`); the orders and their positions are read by any user of the tenant, a
// contractor user (and an API key) seeing only their contractor's.
import type { Hono } from "hono";
import { z } from "zod";
import { paramInt } from "../../kernel/params.ts";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { idParam, mount } from "../../engine/http/route.ts";
import { listQuerySchema } from "../../kernel/list.ts";
import { resourceRoutes } from "../../engine/routes.ts";
import { product } from "../assortment/products/entity.ts";
import { paged } from "../stock/inventory/contract.ts";
import { externalOrder, externalOrderPosition } from "./entity.ts";
import "./follow.ts";
import {
  addToCart,
  AddToCartQuery,
  CartLineQuery,
  cartSummary,
  deleteCartProduct,
  EditCartLine,
  editCartProduct,
  listCartProducts,
  orderAgain,
  productIn,
  productOut,
} from "./cart.ts";
import { availableGroups, availableProducts, AvailableQuery, lastOrders } from "./catalogue.ts";
import { cancelOrder, createOrder, editOrder, OrderBody, OrderEdit } from "./direct.ts";
import { orderPositions, ReceivedQuery, recordReceived } from "./receipts.ts";
import { confirmCart, ConfirmOrder } from "./submit.ts";

const tag = "ContractorPortal";
const CartLine = z.object({
  id: z.number(),
  externalOrderId: z.number(),
  typeCode: z.enum(["OOU", "OIN"]),
  productId: z.number(),
  productIndex: z.string().nullable(),
  productName: z.string(),
  unit: z.string().nullable(),
  quantity: z.number(),
  freeQuantity: z.number(),
  version: z.number(),
  /** False for a line whose product can no longer be ordered (hidden, disabled, locked): to be taken out. */
  available: z.boolean(),
});
const Totals = z.object({ positionsCount: z.number(), quantitySum: z.number() });
const Summary = z.object({
  positionsCount: z.number(),
  out: Totals,
  in: Totals,
  positions: z.array(CartLine),
});
/** A short list that is not paged (the caller's cart, groups, last orders): its results alone. */
const all = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
const Order = externalOrder.entity.record;
const Position = externalOrderPosition.entity.record;

export function portalRoutes(app: Hono<Env>, platform: Services): void {
  const portal = { tag, access: "portal" as const };

  mount(app, platform, {
    ...portal,
    refusal: "auth.forbidden",
    method: "get",
    path: "/contractororders/list-cart-product",
    summary: "The caller's cart lines (goods out and goods announced in), each with its product's free stock",
    response: all(CartLine),
  }, (c) => listCartProducts(c.get("ctx")));

  mount(app, platform, {
    ...portal,
    refusal: "auth.forbidden",
    method: "get",
    path: "/contractororders/cart-summary",
    summary: "The caller's cart: counts and sums of goods out and in, and its positions",
    response: Summary,
  }, (c) => cartSummary(c.get("ctx")));

  mount(app, platform, {
    ...portal,
    method: "post",
    path: "/contractororders/add-to-cart",
    summary: "Add a quantity of a product to the cart of goods out (at most its free stock)",
    query: AddToCartQuery,
    response: Summary,
  }, (c, { query }) => addToCart(c.get("ctx"), query));

  mount(app, platform, {
    ...portal,
    method: "patch",
    path: "/contractororders/edit-cart-product",
    summary: "Change the quantity of one cart line",
    body: EditCartLine,
    response: Summary,
  }, (c, { body }) => editCartProduct(c.get("ctx"), body));

  mount(app, platform, {
    ...portal,
    method: "delete",
    path: "/contractororders/delete-cart-product/:id",
    summary: "Take one line out of the cart",
    response: Summary,
  }, (c, { params }) => deleteCartProduct(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    ...portal,
    method: "patch",
    path: "/contractororders/product-out",
    summary: "Set how much of a product the cart orders out (0 takes it out)",
    query: CartLineQuery,
    response: Summary,
  }, (c, { query }) => productOut(c.get("ctx"), query));

  mount(app, platform, {
    ...portal,
    method: "patch",
    path: "/contractororders/product-in",
    summary: "Set how much of a product the cart announces in (0 takes it out)",
    query: CartLineQuery,
    response: Summary,
  }, (c, { query }) => productIn(c.get("ctx"), query));

  mount(app, platform, {
    ...portal,
    method: "post",
    path: "/contractororders/confirm-order",
    summary:
      "Confirm the cart with a delivery date: each non-empty cart becomes a warehouse order (OOU, OIN) " +
      "and a submitted external order, all or none",
    body: ConfirmOrder,
    response: all(Order),
  }, (c, { body }) => confirmCart(c.get("ctx"), body));

  mount(app, platform, {
    ...portal,
    refusal: "auth.forbidden",
    method: "get",
    path: "/contractororders/availible-prod-groups",
    summary: "The product groups holding products the caller may order, with how many",
    response: all(z.object({ id: z.number(), name: z.string(), productsCount: z.number() })),
  }, (c) => availableGroups(c.get("ctx")));

  mount(app, platform, {
    ...portal,
    refusal: "auth.forbidden",
    method: "get",
    path: "/contractororders/availible-products",
    summary:
      "A page of the products the caller may order (optionally of one group), with stock on hand and " +
      "free stock",
    list: product.listFields,
    query: listQuerySchema.extend(AvailableQuery.shape),
    response: paged(z.object({
      ...(product.entity.record as unknown as z.ZodObject<z.ZodRawShape>).shape,
      stockQuantity: z.number(),
      freeQuantity: z.number(),
    })),
  }, (c, { query }) => availableProducts(c.get("ctx"), query));

  mount(app, platform, {
    ...portal,
    refusal: "auth.forbidden",
    method: "get",
    path: "/contractororders/last-orders",
    summary: "The caller's contractor's latest orders with their positions, to order again",
    query: z.object({ count: paramInt(1, 20, 5) }),
    response: all(z.object({
      ...(Order as unknown as z.ZodObject<z.ZodRawShape>).shape,
      positions: z.array(Position),
    })),
  }, (c, { query }) => lastOrders(c.get("ctx"), query.count));

  mount(app, platform, {
    ...portal,
    method: "post",
    path: "/contractororders/orders",
    summary: "Place an order at once (without the cart): submitted to the warehouse",
    body: OrderBody,
    response: Order,
    status: 201,
  }, (c, { body }) => createOrder(c.get("ctx"), body));

  mount(app, platform, {
    ...portal,
    method: "put",
    path: "/contractororders/orders",
    summary: "Change a submitted order (date, comment, positions) while the warehouse has not confirmed it",
    body: OrderEdit,
    response: Order,
  }, (c, { body }) => editOrder(c.get("ctx"), body));

  mount(app, platform, {
    ...portal,
    method: "delete",
    path: "/contractororders/orders/:id",
    summary: "Cancel a submitted order the warehouse has not confirmed (its warehouse order goes with it)",
    status: 204,
  }, (c, { params }) => cancelOrder(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "get",
    path: "/contractororders/orders/:id/positions",
    summary: "The positions of one external order with what the warehouse has done and what reached the " +
      "contractor (paged, sorted)",
    tag,
    access: externalOrderPosition.readAccess,
    refusal: "auth.forbidden",
    whole: "staff",
    list: externalOrderPosition.listFields,
    query: listQuerySchema,
    response: paged(Position),
  }, (c, { params, query }) => orderPositions(c.get("ctx"), idParam(params.id), query));

  mount(app, platform, {
    ...portal,
    method: "post",
    path: "/contractororders/orders/:id/order-again",
    summary: "Put every position of one of the contractor's orders into the cart again, all or none",
    response: Summary,
  }, (c, { params }) => orderAgain(c.get("ctx"), idParam(params.id)));

  mount(
    app,
    platform,
    {
      ...portal,
      method: "post",
      path: "/contractororders/orders/:orderId/position/:positionId",
      summary: "Say how much of a released position reached the contractor (at most what was released)",
      query: ReceivedQuery,
      response: Position,
    },
    (c, { params, query }) =>
      recordReceived(
        c.get("ctx"),
        idParam(params.orderId),
        idParam(params.positionId),
        query.quantityRecieved,
      ),
  );

  resourceRoutes(app, platform, externalOrder);
}
