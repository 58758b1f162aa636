// The Container resource: logistics staff keep containers, all staff read them. A new container takes its
// number from the container numbering schema; one holding stock (or named by a document) is not deleted.
import type { Hono } from "hono";
import { eq, inArray } from "drizzle-orm";
import { fieldError } from "../../../kernel/errors.ts";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { storageSpaces } from "../../infrastructure/locations/table.ts";
import { isLogistics, readLogisticsConfig } from "../config.ts";
import { takeFreeNumber } from "../numbering/service.ts";
import { stockLines } from "../ledger/table.ts";
import { wmsDocumentPositions } from "../positions/table.ts";
import { wmsDocuments } from "../documents/table.ts";
import { containers } from "./table.ts";
import { containerMeta } from "./meta.ts";
import { Container, ContainerCreate, ContainerUpdate } from "./contract.ts";

export const containerResource = new Resource<Container, ContainerCreate, ContainerUpdate>({
  meta: containerMeta,
  hub: "Container",
  table: containers,
  toDto: (row, _links, extra) => ({
    id: row.id,
    number: row.number,
    kind: row.kind,
    locationId: row.locationId,
    locationLabel: (extra.locationLabel as string | undefined) ?? null,
    description: row.description,
    lockedIn: row.lockedIn,
    lockedOut: row.lockedOut,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    kind: input.kind,
    locationId: input.locationId,
    description: input.description,
    lockedIn: input.lockedIn,
    lockedOut: input.lockedOut,
  }),
  canWrite: isLogistics,
  references: {
    locationId: { column: containers.locationId, table: storageSpaces, id: storageSpaces.id },
  },
  dependents: [
    { column: stockLines.containerId },
    { column: wmsDocumentPositions.sourceContainerId },
    { column: wmsDocumentPositions.destinationContainerId },
    { column: wmsDocuments.sourceContainerId },
    { column: wmsDocuments.destinationContainerId },
  ],
  // A container holding stock moves with a relocation document (PRL), which moves its stock too.
  validate: async (tx, _ctx, values, old) => {
    if (!old || old.locationId === values.locationId) return;
    const [held] = await tx.select({ id: stockLines.id }).from(stockLines)
      .where(eq(stockLines.containerId, old.id)).limit(1);
    if (held) throw fieldError({ locationId: ["validation.invalidValue"] });
  },
  derive: async (tx, _values, old) => {
    if (old) return {};
    const config = await readLogisticsConfig(tx);
    const number = await takeFreeNumber(
      tx,
      "container",
      config.numbering.container,
      new Date(),
      async (n) => {
        const [hit] = await tx.select({ id: containers.id }).from(containers).where(eq(containers.number, n))
          .limit(1);
        return hit !== undefined;
      },
    );
    return { number };
  },
  readExtra: async (db, rows) => {
    const ids = [...new Set(rows.map((r) => r.locationId as number))];
    const found = ids.length
      ? await db.select({ id: storageSpaces.id, label: storageSpaces.label }).from(storageSpaces)
        .where(inArray(storageSpaces.id, ids))
      : [];
    const label = new Map(found.map((l) => [l.id, l.label]));
    return new Map(rows.map((r) => [r.id, { locationLabel: label.get(r.locationId) ?? null }]));
  },
});

export function containerRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, containerResource, {
    record: Container,
    create: ContainerCreate,
    update: ContainerUpdate,
  });
}
