// The demo tenant's orders (issue 14): receipt, release and picking orders in every state, sell offers,
// a finished count with differences and one still counting, a finished production, and the demo
// contractor's portal orders (issue 16), made through the
// same verbs as the API, in one transaction, once (when the tenant has no orders yet). A refusal leaves no
// order at all: the demo still starts, and says so.
import { eq, sql } from "drizzle-orm";
import type { Platform } from "../server/platform.ts";
import type { Tenant } from "../server/tenancy/registry.ts";
import type { TenantContext } from "../server/kernel/context.ts";
import { parseInput } from "../server/kernel/validation.ts";
import { product as productResource } from "../server/domain/assortment/products/entity.ts";
import { clientLogisticsConfig } from "../server/domain/config/table.ts";
import { readLogisticsConfig } from "../server/domain/stock/config.ts";
import { wmsOrder } from "../server/domain/orders/entity.ts";
import { wmsOrderPosition } from "../server/domain/orders/positions/entity.ts";
import {
  archiveOrder,
  closeOrder,
  confirmOrder,
  finishOrder,
  generateDocumentsFor,
} from "../server/domain/orders/verbs.ts";
import { recordCount } from "../server/domain/orders/counts.ts";
import {
  confirmProductionDocuments,
  generateProductionDocuments,
  generateProductions,
} from "../server/domain/orders/production.ts";
import { confirmDocument } from "../server/domain/stock/documents/confirm.ts";
import { wmsDocuments } from "../server/domain/stock/documents/table.ts";
import { wmsOrderPositions } from "../server/domain/orders/positions/entity.ts";
import { demoContext } from "./data.ts";
import { users } from "../server/domain/access/users/entity.ts";
import { createOrder } from "../server/domain/portal/direct.ts";
import { recordReceived } from "../server/domain/portal/receipts.ts";
import { externalOrderPositions } from "../server/domain/portal/table.ts";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Answers whether orders were added now. */
export async function seedDemoOrders(platform: Platform, tenant: Tenant): Promise<boolean> {
  try {
    return await platform.pool.use(tenant.dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        const [[n]] = await tx.all<[number]>(sql`SELECT count(*) FROM wms_orders`);
        const [[stocked]] = await tx.all<[number]>(sql`SELECT count(*) FROM stock_lines`);
        if (Number(n) > 0 || Number(stocked) === 0) return false;
        const ctx = await demoContext(platform, tenant, conn, tx);
        await seed(ctx);
        return true;
      }));
  } catch (err) {
    console.warn(`demo orders not added: ${err instanceof Error ? err.message : err}`);
    return false;
  }
}

async function seed(ctx: TenantContext): Promise<void> {
  const tx = ctx.conn.db;
  // Products with plenty of stock (a contractor's, so that its orders name it), the most first.
  const stocked = await tx.all<[number, number | null, number, number]>(sql`
    SELECT p.id, p.contractor_id, t.quantity, (SELECT l.location_id FROM stock_lines l WHERE l.product_id = p.id
      ORDER BY l.quantity DESC LIMIT 1)
    FROM products p JOIN stock_product_totals t ON t.product_id = p.id
    WHERE t.quantity >= 40000 ORDER BY t.quantity DESC LIMIT 12`);
  if (stocked.length < 8) throw new Error("too little stock for the demo orders");
  const item = (i: number) => ({ productId: Number(stocked[i][0]), contractorId: stocked[i][1] });
  const order = async (header: Record<string, unknown>, lines: [number, number][]) => {
    const made = await wmsOrder.add(ctx, parseInput(wmsOrder.entity.create, header));
    for (const [i, quantity] of lines) {
      await wmsOrderPosition.add(
        ctx,
        parseInput(wmsOrderPosition.entity.create, {
          orderId: made.id,
          productId: item(i).productId,
          quantity,
        }),
      );
    }
    return made.id as number;
  };
  const owner = (i: number) => item(i).contractorId;

  // Receipts: a working copy, and one confirmed for today without documents.
  await order({ typeCode: "OIN", contractorId: owner(0), plannedDate: day(2), comment: "Next delivery" }, [
    [0, 24],
    [0, 12],
  ]);
  const receipt = await order({ typeCode: "OIN", contractorId: owner(1), plannedDate: day(0) }, [[1, 30]]);
  await confirmOrder(ctx, receipt, false);

  // Releases: one confirmed with its documents (stock reserved) and overdue; one carried out to the end.
  const late = await order({ typeCode: "OOU", contractorId: owner(2), deadline: day(-2), priority: "high" }, [
    [2, 5],
  ]);
  await confirmOrder(ctx, late, true);
  const done = await order({ typeCode: "OOU", contractorId: owner(3), plannedDate: day(-1) }, [[3, 4]]);
  await confirmOrder(ctx, done, true);
  const [release] = await tx.select({ id: wmsDocuments.id }).from(wmsDocuments).where(
    eq(wmsDocuments.orderId, done),
  );
  await confirmDocument(ctx, release.id, true);
  // A picking wave, a release closed by hand and one put away.
  const picking = await order({ typeCode: "OPI", plannedDate: day(0), destinationLocationId: null }, [[
    4,
    3,
  ]]);
  await confirmOrder(ctx, picking, false);
  const cancelled = await order({ typeCode: "OOU", contractorId: owner(5) }, [[5, 2]]);
  await confirmOrder(ctx, cancelled, false);
  await closeOrder(ctx, cancelled, "The customer cancelled by phone.");
  const old = await order({ typeCode: "OOU", contractorId: owner(6), plannedDate: day(-20) }, [[6, 1]]);
  await confirmOrder(ctx, old, false);
  await archiveOrder(ctx, old);
  // Sell offers: one open, one accepted.
  await order({
    typeCode: "OOU",
    contractorId: owner(7),
    offerStatus: "active",
    summaryValue: 1250,
    deliveryTerms: "DAP, 3 working days",
    paymentTerms: "14 days",
  }, [[7, 10]]);
  await order({ typeCode: "OOU", contractorId: owner(2), offerStatus: "accepted", summaryValue: 480 }, [[
    2,
    4,
  ]]);

  // A count of one product's locations, finished with differences and adjusted; another still counting.
  const counted = item(8 < stocked.length ? 8 : 0).productId;
  const count = await wmsOrder.add(
    ctx,
    parseInput(wmsOrder.entity.create, {
      typeCode: "VER-P",
      scopeProductIds: [counted],
      comment: "Cycle count",
    }),
  );
  await confirmOrder(ctx, count.id as number, false);
  const lines = await tx.select().from(wmsOrderPositions).where(
    eq(wmsOrderPositions.orderId, count.id as number),
  )
    .orderBy(wmsOrderPositions.id);
  for (const [i, l] of lines.entries()) {
    // One line short by a unit, one found with a unit more, the rest as booked.
    const found = i === 0 ? l.quantity - 1000 : i === 1 ? l.quantity + 1000 : l.quantity;
    await recordCount(ctx, l.id, Math.max(0, found));
  }
  await finishOrder(ctx, count.id as number);
  await generateDocumentsFor(ctx, count.id as number);
  const open = await wmsOrder.add(
    ctx,
    parseInput(wmsOrder.entity.create, {
      typeCode: "VER-P",
      scopeProductIds: [item(9 < stocked.length ? 9 : 1).productId],
    }),
  );
  await confirmOrder(ctx, open.id as number, false);

  // Production: on in the configuration, a product made of two others, produced once.
  const [config] = await tx.select().from(clientLogisticsConfig).where(eq(clientLogisticsConfig.id, 1));
  const data = await readLogisticsConfig(tx);
  const finishedAt = Number(stocked[0][3]);
  await tx.update(clientLogisticsConfig).set({
    data: JSON.stringify({
      ...data,
      production: {
        ...data.production,
        enabled: true,
        rawMaterialLocationId: null,
        finishedGoodsLocationId: finishedAt,
      },
    }),
    version: config.version + 1,
  }).where(eq(clientLogisticsConfig.id, 1));
  const kit = await productResource.add(
    ctx,
    parseInput(productResource.entity.create, {
      index: "KIT - BREAKFAST",
      name: "Breakfast kit - standard",
      sapId: "KIT - 001",
      unit: "pcs",
      // An in-store EAN-13 (prefix 20): no supplier's code.
      barcodes: ["2000000000015"],
      resources: [{ productId: item(10 < stocked.length ? 10 : 2).productId, quantity: 1 }, {
        productId: item(11 < stocked.length ? 11 : 3).productId,
        quantity: 2,
      }],
    }),
  );
  const [production] = await generateProductions(ctx, [{
    productId: kit.id as number,
    quantity: 5000,
    plannedDate: day(0),
  }]);
  await generateProductionDocuments(ctx, production.id as number);
  await confirmProductionDocuments(ctx, production.id as number);
  await seedPortalOrders(ctx);
}

/**
 * The demo contractor's portal orders (issue 16), placed as the contractor user places them: a release the
 * warehouse has carried out (fully received, part of it recorded as arrived), one submitted and waiting for
 * staff, and a delivery announced in.
 */
async function seedPortalOrders(ctx: TenantContext): Promise<void> {
  const tx = ctx.conn.db;
  const [user] = await tx.select().from(users).where(eq(users.username, "contractor"));
  if (!user?.connectedContractorId) return;
  const contractorId = user.connectedContractorId;
  const portal: TenantContext = {
    ...ctx,
    actor: {
      ...ctx.actor,
      userId: user.id,
      username: user.username,
      isSuperUser: false,
      isPowerUser: false,
      logisticsEnabled: false,
      terminalEnabled: false,
      contractorPortalEnabled: true,
      contractorId,
    },
  };
  // The contractor's products with the most free stock, not hidden from the portal.
  const goods = await tx.all<[number]>(sql`
    SELECT p.id FROM products p JOIN stock_product_totals t ON t.product_id = p.id
    WHERE p.contractor_id = ${contractorId} AND p.contractor_portal_hide = 0 AND p.disabled = 0
      AND p.lock_out = 0 AND p.lock_in = 0 AND t.quantity >= 50000
      AND p.id NOT IN (SELECT product_id FROM stock_reservations)
    ORDER BY t.quantity DESC LIMIT 4`);
  if (goods.length < 4) return;
  const [a, b, c, d] = goods.map(([id]) => Number(id));
  const done = await createOrder(portal, {
    typeCode: "OOU",
    deliveryDate: day(0),
    comment: "Weekly replenishment",
    positions: [{ productId: a, quantity: 12_000 }, { productId: b, quantity: 6_000 }],
  });
  const wms = done.wmsOrderId as number;
  await confirmOrder(ctx, wms, true);
  for (const [doc] of await tx.all<[number]>(sql`SELECT id FROM wms_documents WHERE order_id = ${wms}`)) {
    await confirmDocument(ctx, Number(doc), true);
  }
  const [first] = await tx.select({ id: externalOrderPositions.id }).from(externalOrderPositions)
    .where(eq(externalOrderPositions.externalOrderId, done.id as number)).orderBy(externalOrderPositions.id);
  await recordReceived(portal, done.id as number, first.id, 12_000);
  await createOrder(portal, {
    typeCode: "OOU",
    deliveryDate: day(2),
    comment: null,
    positions: [{ productId: c, quantity: 4_000 }],
  });
  await createOrder(portal, {
    typeCode: "OIN",
    deliveryDate: day(5),
    comment: "Two pallets by our own truck",
    positions: [{ productId: d, quantity: 24_000 }],
  });
}
