// What orders do when the stock engine calls out in a document's lifecycle (stock/documents/hooks.ts),
// registered with each platform's hooks when it is composed (server/hooks.ts: areaHooks). A production's documents
// are confirmed and reverted with it alone, an order's documents are checked against it when made by hand,
// the order follows what its documents did, and its reservations go with what was taken or cut short.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError } from "../../kernel/errors.ts";
import type { Hooks } from "../../kernel/hooks.ts";
import { wmsOrderDefinitions } from "../config/definitions.ts";
import { type DocumentHooks, documentHooks } from "../stock/documents/hooks.ts";
import { wmsOrders } from "./entity.ts";
import { followDocuments } from "./documents.ts";
import { ofProduction } from "./production.ts";
import { takenBy, trimReservations } from "./reservations.ts";

/**
 * A document made for an order: the order must exist for the caller (else 404), be confirmed, and be of a
 * type that makes documents of this type (OIN → OIN, OOU → OOU, OPI → CRL); else 400 naming the field.
 */
async function checkOrderOfDocument(
  tx: Db,
  ctx: TenantContext,
  values: Record<string, unknown>,
): Promise<void> {
  const [order] = await tx.select({
    typeCode: wmsOrders.typeCode,
    statusCode: wmsOrders.statusCode,
    contractorId: wmsOrders.contractorId,
  }).from(wmsOrders).where(eq(wmsOrders.id, values.orderId as number));
  if (!order || (ctx.actor.contractorId !== null && order.contractorId !== ctx.actor.contractorId)) {
    throw fieldError({ orderId: ["validation.invalidValue"] });
  }
  const def = wmsOrderDefinitions.find((d) => d.typeCode === order.typeCode)!;
  // A count's documents are its adjustments, a production's are made from its bill of materials: by them alone.
  if (def.kind === "verification" || def.kind === "production") {
    throw fieldError({ orderId: ["validation.invalidValue"] });
  }
  if (!(def.generates as readonly string[]).includes(values.typeCode as string)) {
    throw fieldError({ typeCode: ["validation.invalidValue"] });
  }
  if (order.statusCode !== "confirmed") throw new AppError("order.statusChangeNotAllowed");
  // A receipt or release of an order is for the order's contractor (picking is the company's own).
  if (values.typeCode !== "CRL" && (values.contractorId ?? null) !== order.contractorId) {
    throw fieldError({ contractorId: ["validation.invalidValue"] });
  }
}

export const orderDocumentHooks: DocumentHooks = {
  // A production's documents are confirmed together (Production/{id}/ConfirmDocuments), never reverted,
  // deleted or carried out alone: what it consumed and made always come together.
  guard: async (tx, doc) => {
    if (await ofProduction(tx, doc.orderId)) throw new AppError("order.statusChangeNotAllowed");
  },
  adding: checkOrderOfDocument,
  changed: async (tx, orderId) => {
    await followDocuments(tx, orderId);
  },
  // What the order reserved for the document has been taken (only an order's documents reserve).
  confirmed: async (tx, outbox, doc) => {
    if (doc.orderId === null) return;
    await takenBy(tx, doc.id);
    if (await followDocuments(tx, doc.orderId)) outbox.add("WmsOrder", "changed", doc.orderId);
  },
  reverted: async (tx, outbox, doc) => {
    if (doc.orderId !== null && await followDocuments(tx, doc.orderId)) {
      outbox.add("WmsOrder", "changed", doc.orderId);
    }
  },
  cut: trimReservations,
};

/** Orders' handlers, registered with a platform's hooks (server/hooks.ts). */
export function registerOrderHooks(hooks: Hooks): void {
  hooks.register(documentHooks, orderDocumentHooks);
}
