// Stock from a file (issue 18): a new customer's opening balance, or a count. Each row names a product (its
// index or a barcode), a location (its label), a quantity and, where the stock has them, its expiry and
// production dates and serial number. An opening balance receives every row (one internal receipt, IIN); a
// count sets each named line to the quantity counted (an IIN for what is more, an internal release, IOU,
// for what is less; a line the file does not name stays as it is). The documents are made and confirmed
// in the import's one transaction, by the stock engine's own confirmation (ledger, summaries, numbering),
// warnings accepted (an opening stock that expires soon is still the stock there is).
import { inArray } from "drizzle-orm";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { demand } from "../../kernel/access.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import type { Db } from "../../db/connection.ts";
import { resourcesByName } from "../../engine/engine.ts";
import { productBarcodes, products } from "../assortment/products/entity.ts";
import { storageSpaces } from "../storage/locations/entity.ts";
import { stockLines } from "../stock/ledger/table.ts";
import { lineKeyOf } from "../stock/ledger/service.ts";
import { toMilli } from "../stock/quantity.ts";
import { createWorkingCopy, type NewPosition } from "../stock/documents/working_copy.ts";
import { confirmInTransaction } from "../stock/documents/confirm.ts";
import type { Table } from "./read.ts";
import { type StockMode } from "../../../shared/imports/stock_meta.ts";
export { stockFields, type StockMode, stockModes } from "../../../shared/imports/stock_meta.ts";

export interface StockRow {
  row: number;
  productId: number;
  locationId: number;
  /** Thousandths. */
  quantity: number;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
}

/** Who may bring stock in: whoever may write documents. */
export function mayImportStock(ctx: TenantContext): void {
  demand(resourcesByName.get("WmsDocument")!.writeAccess, ctx.actor, "auth.forbidden");
}

const chunks = <T>(xs: T[], n = 500) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** Products by index, else by barcode; locations by label (each text once, in chunks). */
export async function resolveNames(db: Db, productTexts: string[], locationTexts: string[]) {
  const productOf = new Map<string, number>();
  for (const part of chunks([...new Set(productTexts)])) {
    for (
      const p of await db.select({ id: products.id, index: products.index }).from(products)
        .where(inArray(products.index, part))
    ) productOf.set(p.index, p.id);
    const left = part.filter((t) => !productOf.has(t));
    if (left.length) {
      for (
        const b of await db.select({ id: productBarcodes.productId, code: productBarcodes.barcode })
          .from(productBarcodes).where(inArray(productBarcodes.barcode, left))
      ) productOf.set(b.code, b.id);
    }
  }
  const locationOf = new Map<string, number>();
  for (const part of chunks([...new Set(locationTexts)])) {
    for (
      const l of await db.select({ id: storageSpaces.id, label: storageSpaces.label }).from(storageSpaces)
        .where(inArray(storageSpaces.label, part))
    ) locationOf.set(l.label, l.id);
  }
  return { productOf, locationOf };
}

/**
 * The stock rows of checked inputs (`cellValue`s by field), or each bad cell: an unknown product or
 * location, a quantity that is none (a count may be 0), more than three decimals.
 */
export async function checkStock(
  db: Db,
  table: Table,
  inputs: (Record<string, unknown> | undefined)[],
  columnOf: Map<string, string>,
  mode: StockMode,
) {
  const errors: { row: number; column: string | null; code: string }[] = [];
  const named = inputs.filter((x): x is Record<string, unknown> => x !== undefined);
  const { productOf, locationOf } = await resolveNames(
    db,
    named.map((x) => String(x.product ?? "")),
    named.map((x) => String(x.location ?? "")),
  );
  const rows: StockRow[] = [];
  inputs.forEach((x, i) => {
    const row = table.rowNumbers[i];
    if (!x) return;
    const bad = (field: string, code: string) =>
      errors.push({ row, column: columnOf.get(field) ?? null, code });
    let ok = true;
    for (const f of ["product", "location", "quantity"]) {
      if (x[f] === undefined || x[f] === "") {
        bad(f, "validation.required");
        ok = false;
      }
    }
    if (!ok) return;
    const productId = productOf.get(String(x.product));
    const locationId = locationOf.get(String(x.location));
    if (productId === undefined) bad("product", "validation.invalidValue");
    if (locationId === undefined) bad("location", "validation.invalidValue");
    const quantity = typeof x.quantity === "number" ? toMilli(x.quantity) : undefined;
    if (quantity === undefined) bad("quantity", "validation.invalidValue");
    else if (quantity < 0 || (mode === "openingBalance" && quantity === 0)) {
      bad("quantity", "validation.tooSmall");
    }
    if (productId === undefined || locationId === undefined || quantity === undefined || quantity < 0) return;
    if (mode === "openingBalance" && quantity === 0) return;
    rows.push({
      row,
      productId,
      locationId,
      quantity,
      expiryDate: (x.expiryDate as string | undefined)?.slice(0, 10) ?? null,
      productionDate: (x.productionDate as string | undefined)?.slice(0, 10) ?? null,
      serialNumber: (x.serialNumber as string | undefined)?.trim() || null,
    });
  });
  return { rows, errors };
}

/** The documents of an opening balance or a count, made and confirmed in one transaction. */
export async function bookStock(ctx: TenantContext, rows: StockRow[], mode: StockMode) {
  // The documents say, in the importing user's language, where they came from.
  const { translator } = await import("../../../shared/i18n/mod.ts");
  const t = translator(ctx.lang);
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const receive: NewPosition[] = [];
    const release: NewPosition[] = [];
    if (mode === "openingBalance") {
      for (const r of rows) receive.push(position(r, r.quantity, "in"));
    } else {
      // Each named line once: the last row naming it counts.
      const byKey = new Map<string, StockRow>();
      for (const r of rows) byKey.set(keyOf(r), r);
      const keys = [...byKey.keys()];
      const have = new Map<string, number>();
      for (const part of chunks(keys)) {
        for (
          const l of await tx.select({ key: stockLines.lineKey, q: stockLines.quantity }).from(stockLines)
            .where(inArray(stockLines.lineKey, part))
        ) have.set(l.key, l.q);
      }
      for (const [key, r] of byKey) {
        const diff = r.quantity - (have.get(key) ?? 0);
        if (diff > 0) receive.push(position(r, diff, "in"));
        if (diff < 0) release.push(position(r, -diff, "out"));
      }
    }
    const made: string[] = [];
    for (const [typeCode, positions] of [["IIN", receive], ["IOU", release]] as const) {
      if (positions.length === 0) continue;
      const doc = await createWorkingCopy(tx, outbox, ctx, {
        typeCode,
        comment: t.t(
          mode === "openingBalance" ? "importFile.comment.openingBalance" : "importFile.comment.count",
        ),
        // Made by the server: each release takes from the very line it names (its lot, a missing one too),
        // not the first to expire of the product at the location.
        generated: true,
      }, positions);
      const confirmed = await confirmInTransaction(tx, outbox, ctx, doc, true);
      if (confirmed.collision) throw new AppError("document.numberCollision");
      made.push(confirmed.document.documentNumber as string);
    }
    return { documents: made, received: receive.length, released: release.length };
  });
}

function keyOf(r: StockRow): string {
  return lineKeyOf({
    productId: r.productId,
    locationId: r.locationId,
    containerId: null,
    expiryDate: r.expiryDate,
    productionDate: r.productionDate,
    serialNumber: r.serialNumber,
  });
}

function position(r: StockRow, quantity: number, way: "in" | "out"): NewPosition {
  return {
    productId: r.productId,
    quantity,
    quantityLeft: quantity,
    ...(way === "in" ? { destinationLocationId: r.locationId } : { sourceLocationId: r.locationId }),
    expiryDate: r.expiryDate,
    productionDate: r.productionDate,
    serialNumber: r.serialNumber,
  };
}
