// Loads what the validators judge, inside the confirming transaction (reads under BEGIN IMMEDIATE, so no
// other write can change them before the stock moves).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { overIds, prepared, rowsOf } from "../../../db/prepared.ts";
import type { LogisticsConfigData } from "../../../../shared/config/contract.ts";
import { products } from "../../assortment/products/entity.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { containers } from "../containers/table.ts";
import { stockLineColumns, type StockLineRow, stockLines } from "../ledger/table.ts";
import { wmsDocumentPositions } from "../positions/entity.ts";
import {
  type ContainerSnap,
  definitionOf,
  type LoadLimits,
  type LocationSnap,
  type OrderSnap,
  placesOf,
  type ProductSnap,
  puts,
  type Snapshot,
  takes,
} from "../validators/snapshot.ts";
import { coveredLocations } from "../../storage/locations/zones.ts";
import { releasable } from "../inventory/source.ts";
import type { DocumentRow } from "./table.ts";
import { freeOnLine } from "../reservations/service.ts";

/** (product, source) pairs whose stock lines one statement reads. */
const PAIRS_PER_READ = 100;

/** The order a document carries out, with what is left of each product once its other documents are done. */
/**
 * The order a document carries out, with what is left of each product once its other documents are done;
 * for a count's generated document only that it is a correction (a count's adjustments are checked by the
 * count, a production's documents by its bill of materials: neither is an OrderSnap).
 */
async function orderOf(
  tx: Db,
  doc: DocumentRow,
): Promise<{ order?: OrderSnap; correction: boolean }> {
  if (doc.orderId === null) return { correction: false };
  const [order] = await tx.all<[string, string, string]>(
    sql`SELECT order_number, status_code, type_code FROM wms_orders WHERE id = ${doc.orderId}`,
  );
  if (!order) return { correction: false };
  if (order[2].startsWith("VER-")) return { correction: doc.generated };
  if (order[2] === "PRD") return { correction: false };
  const rows = await tx.all<[number, number]>(sql`
    SELECT product_id, sum(quantity) FROM wms_order_positions WHERE order_id = ${doc.orderId} GROUP BY product_id`);
  const left = new Map(rows.map(([p, q]) => [Number(p), Number(q)]));
  const done = await tx.all<[number, number]>(sql`
    SELECT p.product_id, sum(p.quantity) FROM wms_document_positions p
    JOIN wms_documents d ON d.id = p.document_id
    WHERE d.order_id = ${doc.orderId} AND d.status_code = 'confirmed' AND d.id <> ${doc.id}
    GROUP BY p.product_id`);
  for (const [p, q] of done) left.set(Number(p), (left.get(Number(p)) ?? 0) - Number(q));
  return { order: { orderNumber: order[0], statusCode: order[1], left }, correction: false };
}

export async function loadSnapshot(
  tx: Db,
  doc: DocumentRow,
  config: LogisticsConfigData,
  today: string,
): Promise<Snapshot> {
  const positions = rowsOf(wmsDocumentPositions)(
    await prepared<{ documentId: number }, never>(
      tx,
      "snapshot.positions",
      (on) =>
        on.select().from(wmsDocumentPositions).where(
          eq(wmsDocumentPositions.documentId, sql.placeholder("documentId")),
        )
          .orderBy(wmsDocumentPositions.id).prepare(),
    ).values({ documentId: doc.id }),
  );
  const places = positions.map((p) => placesOf(doc, p));
  const productIds = [...new Set(positions.map((p) => p.productId))];
  const locationIds = [
    ...new Set(
      [
        doc.sourceLocationId,
        doc.destinationLocationId,
        ...places.flatMap((p) => [p.sourceLocationId, p.destinationLocationId]),
      ]
        .filter((id): id is number => id !== null),
    ),
  ];
  const containerIds = [
    ...new Set(
      [
        doc.sourceContainerId,
        doc.destinationContainerId,
        ...places.flatMap((p) => [p.sourceContainerId, p.destinationContainerId]),
      ].filter((id): id is number => id !== null),
    ),
  ];
  // Only what the validators read (ProductSnap): a product row has some forty columns.
  const productRows = productIds.length
    ? await overIds<ProductSnap>(tx, "snapshot.products", (on, among) =>
      on.select(
        {
          id: products.id,
          index: products.index,
          contractorId: products.contractorId,
          lockIn: products.lockIn,
          lockOut: products.lockOut,
          lockRelocate: products.lockRelocate,
          expiryDateRequired: products.expiryDateRequired,
          productionDateRequired: products.productionDateRequired,
          serialNumberRequired: products.serialNumberRequired,
          minTemperature: products.minTemperature,
          maxTemperature: products.maxTemperature,
          minimalExpDays: products.minimalExpDays,
          weight: products.weight,
        } satisfies Record<keyof ProductSnap, unknown>,
      ).from(products).where(sql`${products.id} IN ${among}`)).all({ ids: JSON.stringify(productIds) })
    : [];
  const locationRows = locationIds.length
    ? await overIds<LocationSnap>(tx, "snapshot.locations", (on, among) =>
      on.select({
        id: storageSpaces.id,
        label: storageSpaces.label,
        lockedIn: storageSpaces.lockedIn,
        lockedOut: storageSpaces.lockedOut,
        temperature: storageSpaces.temperature,
      }).from(storageSpaces).where(sql`${storageSpaces.id} IN ${among}`)).all({
        ids: JSON.stringify(locationIds),
      })
    : [];
  const containerRows = containerIds.length
    ? await overIds<ContainerSnap>(tx, "snapshot.containers", (on, among) =>
      on.select({
        id: containers.id,
        number: containers.number,
        locationId: containers.locationId,
        lockedIn: containers.lockedIn,
        lockedOut: containers.lockedOut,
      }).from(containers).where(sql`${containers.id} IN ${among}`)).all({ ids: JSON.stringify(containerIds) })
    : [];
  const lineColumns = stockLineColumns;
  const taking = takes(definitionOf(doc.typeCode).direction);
  // The lines of each (product, source) pair the positions name, not every line of every named product at
  // every named source: a thousand positions would otherwise drag tens of thousands of lines along.
  const pairs = [
    ...new Map(
      positions.flatMap((p, i) => {
        const from = places[i].sourceLocationId;
        return from === null ? [] : [[`${p.productId}/${from}`, [p.productId, from]] as const];
      }),
    ).values(),
  ];
  // In slices of 100 pairs: each statement stays short, so other requests get their turn in between.
  const readLines = (slice: typeof pairs) =>
    prepared<{ pairs: string }, StockLineRow>(
      tx,
      "snapshot.lines",
      (on) =>
        on.select(lineColumns).from(stockLines).where(
          sql`(${stockLines.productId}, ${stockLines.locationId}) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${
            sql.placeholder("pairs")
          }))`,
        ).prepare(),
    ).all({ pairs: JSON.stringify(slice) });
  const stock: Awaited<ReturnType<typeof readLines>> = [];
  for (let i = 0; taking && i < pairs.length; i += PAIRS_PER_READ) {
    stock.push(...await readLines(pairs.slice(i, i + PAIRS_PER_READ)));
  }
  // A zone or parent location as a source: its products' lines in every location it covers.
  const zones = taking
    ? await coveredLocations(
      tx,
      [...new Set(places.map((p) => p.sourceLocationId))].filter((id) => id !== null),
    )
    : new Map<number, ReadonlySet<number>>();
  if (zones.size) {
    const known = new Set(stock.map((l) => l.id));
    for (const [zone, covered] of zones) {
      const productsThere = [
        ...new Set(positions.filter((_, i) => places[i].sourceLocationId === zone).map((p) => p.productId)),
      ];
      // As bestsourcematerial offers them (FEFO would otherwise take a blocked expired lot first and be
      // refused).
      const found = await tx.select(lineColumns).from(stockLines)
        .leftJoin(containers, eq(containers.id, stockLines.containerId))
        .where(and(
          sql`${stockLines.productId} IN (SELECT value FROM json_each(${JSON.stringify(productsThere)}))`,
          sql`${stockLines.locationId} IN (SELECT value FROM json_each(${JSON.stringify([...covered])}))`,
          releasable(config.rules, today),
        ));
      for (const l of found) {
        if (!known.has(l.id)) {
          known.add(l.id);
          stock.push(l);
        }
      }
    }
  }
  // A container relocation must take all a container holds, other products included.
  const moved = [
    ...new Set(places.map((p) => p.sourceContainerId).filter((id): id is number => id !== null)),
  ];
  if (doc.typeCode === "PRL" && moved.length) {
    const known = new Set(stock.map((l) => l.id));
    const inContainers = await tx.select(lineColumns).from(stockLines).where(
      inArray(stockLines.containerId, moved),
    );
    stock.push(...inContainers.filter((l) => !known.has(l.id)));
  }
  const { order, correction } = await orderOf(tx, doc);
  return {
    correction,
    order,
    document: doc,
    positions,
    products: new Map(productRows.map((p) => [p.id, p])),
    locations: new Map(locationRows.map((l) => [l.id, l])),
    // Only what puts goods somewhere is judged by what the places carry (rule rackLoad), unless it is off.
    limits: puts(definitionOf(doc.typeCode).direction) && config.rules.rackLoad !== "allow"
      ? await loadLimits(tx, locationIds)
      : undefined,
    containers: new Map(containerRows.map((c) => [c.id, c])),
    // What orders reserved is not this document's to take, unless it is the document they reserved it for.
    stock: await freeOnLine(tx, stock, doc.id),
    zones,
    rules: config.rules,
    today,
  };
}

/**
 * The capacities over the given locations (rule rackLoad): every ancestor of each (itself included) that says
 * what it may carry, and the weight at and below each such one, walked by parent links.
 */
async function loadLimits(tx: Db, locationIds: number[]): Promise<LoadLimits> {
  const limits: LoadLimits = { of: new Map(), holders: new Map() };
  if (!locationIds.length) return limits;
  const up = await tx.values<[number, number, string, number]>(sql`
    WITH RECURSIVE up(start, id) AS (
      SELECT value, value FROM json_each(${JSON.stringify(locationIds)})
      UNION ALL
      SELECT up.start, s.parent_id FROM up JOIN storage_spaces s ON s.id = up.id WHERE s.parent_id IS NOT NULL
    )
    SELECT up.start, s.id, s.label, s.capacity_kg FROM up JOIN storage_spaces s ON s.id = up.id
    WHERE s.capacity_kg IS NOT NULL`);
  for (const [start, id, label, capacity] of up) {
    const list = limits.of.get(Number(start)) ?? [];
    list.push(Number(id));
    limits.of.set(Number(start), list);
    limits.holders.set(Number(id), { label: String(label), capacityKg: Number(capacity), loadKg: 0 });
  }
  if (!limits.holders.size) return limits;
  const down = await tx.values<[number, number]>(sql`
    WITH RECURSIVE down(top, id) AS (
      SELECT value, value FROM json_each(${JSON.stringify([...limits.holders.keys()])})
      UNION ALL
      SELECT down.top, s.id FROM storage_spaces s JOIN down ON s.parent_id = down.id
    )
    SELECT down.top, coalesce(sum(l.weight_g), 0) FROM down
    LEFT JOIN stock_location_loads l ON l.location_id = down.id GROUP BY down.top`);
  for (const [top, grams] of down) {
    limits.holders.get(Number(top))!.loadKg = Number(grams) / 1000;
  }
  return limits;
}
