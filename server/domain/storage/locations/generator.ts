// The location generator: up to three nested levels of numbered locations (A-01, A-01-01, ...) under one
// parent, previewed or created all at once. Creation is one transaction: one bulk INSERT per level
// (db/bulk.ts) and one RecordLog entry per location, written the same way; a label that already exists
// as a label or a barcode refuses the whole batch.
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { insertMany } from "../../../db/bulk.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { AppError, type FieldCode, fieldError } from "../../../kernel/errors.ts";
import { nowIso } from "../../../kernel/time.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { recordChanges } from "../../../engine/record_change.ts";
import { demand } from "../../../kernel/access.ts";
import { writersOf } from "../../../engine/engine.ts";
import { storageSpaceTypes } from "../location_types/entity.ts";
import { type GenerateRequest, type GeneratorLevel } from "./contract.ts";
import {
  LABEL_MAX,
  PATH_SEPARATOR,
  storageSpace as storageSpaceResource,
  storageSpaceMeta,
  storageSpaces,
} from "./entity.ts";

/** One location to create: its label and the index of its parent in the level above (-1: the given parent). */
interface Planned {
  label: string;
  parent: number;
}

/** The labels of each level, in tree order within a level: parent label + separator + prefix + number. */
export function planLevels(parentLabel: string | null, req: GenerateRequest): Planned[][] {
  const levels: Planned[][] = [];
  let above: { label: string | null }[] = [{ label: parentLabel }];
  for (const level of req.levels) {
    const planned: Planned[] = [];
    above.forEach((p, index) => {
      for (let n = 0; n < level.quantity; n++) {
        const number = String(level.beginFrom + n).padStart(level.digits, "0");
        const own = level.prefix + number;
        planned.push({ label: p.label === null ? own : p.label + req.separator + own, parent: index });
      }
    });
    levels.push(planned);
    above = planned;
  }
  return levels;
}

/** Every label depth first, as the tree shows them (A-01, A-01-01, A-01-02, A-02, ...). */
function treeOrder(levels: Planned[][]): string[] {
  const children = levels.map((l) => {
    const byParent = new Map<number, number[]>();
    l.forEach((p, i) => {
      const list = byParent.get(p.parent);
      if (list) list.push(i);
      else byParent.set(p.parent, [i]);
    });
    return byParent;
  });
  const out: string[] = [];
  const walk = (depth: number, parent: number) => {
    for (const i of children[depth]?.get(parent) ?? []) {
      out.push(levels[depth][i].label);
      if (depth + 1 < levels.length) walk(depth + 1, i);
    }
  };
  walk(0, 0);
  return out;
}

async function parentOf(db: Db, parentId: number | null): Promise<{ label: string; path: string } | null> {
  if (parentId === null) return null;
  const [parent] = await db.select({ label: storageSpaces.label, path: storageSpaces.path }).from(
    storageSpaces,
  )
    .where(eq(storageSpaces.id, parentId));
  if (!parent) throw fieldError({ parentId: ["validation.invalidValue"] });
  return parent;
}

function checkPlan(levels: Planned[][]): void {
  const fields: Record<string, FieldCode[]> = {};
  if (levels.some((l) => l.some((p) => p.label.length > LABEL_MAX))) fields.levels = ["validation.tooLong"];
  if (Object.keys(fields).length) throw fieldError(fields);
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const p of levels.flat()) {
    if (seen.has(p.label)) twice.add(p.label);
    seen.add(p.label);
  }
  if (twice.size) throw clash([...twice]);
}

function clash(labels: string[]): AppError {
  return new AppError("record.uniqueConflict", {
    fields: { levels: ["validation.mustBeUnique"] },
    params: { labels: labels.slice(0, 50).join(", "), count: labels.length },
  });
}

/** The codes of the levels' types, by id; a type that does not exist is a field error of its level. */
async function typeCodesOf(tx: Db, levels: GeneratorLevel[]): Promise<Map<number, string>> {
  const ids = [...new Set(levels.map((l) => l.typeId).filter((v): v is number => v !== null))];
  const codes = new Map(
    ids.length
      ? (await tx.select({ id: storageSpaceTypes.id, code: storageSpaceTypes.code }).from(storageSpaceTypes)
        .where(inArray(storageSpaceTypes.id, ids))).map((t) => [t.id, t.code])
      : [],
  );
  const fields: Record<string, FieldCode[]> = {};
  levels.forEach((l, i) => {
    if (l.typeId !== null && !codes.has(l.typeId)) fields[`levels.${i}.typeId`] = ["validation.invalidValue"];
  });
  if (Object.keys(fields).length) throw fieldError(fields);
  return codes;
}

/** Labels of the plan that an existing location already uses as its label or its barcode. */
async function existing(tx: Db, labels: string[]): Promise<string[]> {
  const wanted = sql`(SELECT value FROM json_each(${JSON.stringify(labels)}))`;
  const { label, barcode } = storageSpaces;
  const rows = await tx.select({ label, barcode }).from(storageSpaces)
    .where(sql`${label} IN ${wanted} OR ${barcode} IN ${wanted}`);
  const taken = new Set(rows.flatMap((r) => [r.label, r.barcode]));
  return labels.filter((l) => taken.has(l));
}

export async function generateLocations(
  ctx: TenantContext,
  req: GenerateRequest,
): Promise<{ labels: string[] } | { created: number; labels: string[]; ids: number[] }> {
  demand(writersOf(storageSpaceMeta), ctx.actor);
  if (req.preview) {
    const parent = await parentOf(ctx.conn.db, req.parentId);
    const levels = planLevels(parent?.label ?? null, req);
    checkPlan(levels);
    return { labels: treeOrder(levels) };
  }
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const parent = await parentOf(tx, req.parentId);
    const levels = planLevels(parent?.label ?? null, req);
    checkPlan(levels);
    const typeCodes = await typeCodesOf(tx, req.levels);
    const labels = treeOrder(levels);
    const taken = await existing(tx, labels);
    if (taken.length) throw clash(taken);

    const now = nowIso();
    const created: { row: typeof storageSpaces.$inferSelect; parentLabel: string | null }[] = [];
    // The columns the generator leaves empty, for the RecordLog's copy of each new record.
    const unset = Object.fromEntries(Object.keys(getTableColumns(storageSpaces)).map((k) => [k, null]));
    let above: { id: number | null; label: string | null; path: string | null }[] = [{
      id: req.parentId,
      label: parent?.label ?? null,
      path: parent?.path ?? null,
    }];
    for (const [depth, planned] of levels.entries()) {
      const { prefix: _p, quantity: _q, digits: _d, beginFrom: _b, ...settings } = req.levels[depth];
      const rows = planned.map((p) => {
        const up = above[p.parent];
        return {
          ...settings,
          defaultLocation: false,
          label: p.label,
          barcode: p.label,
          parentId: up.id,
          path: up.path === null ? p.label : up.path + PATH_SEPARATOR + p.label,
          createdAt: now,
          updatedAt: now,
          version: 1,
        };
      });
      // RETURNING gives no order guarantee: rows are matched to the plan by their (unique) label.
      const ids = new Map(
        (await insertMany(tx, storageSpaces, rows, [storageSpaces.id, storageSpaces.label]))
          .map(([id, label]) => [label as string, id as number]),
      );
      above = planned.map((p, i) => {
        const row = { ...unset, ...rows[i], id: ids.get(p.label)! } as typeof storageSpaces.$inferSelect;
        created.push({ row, parentLabel: above[p.parent].label });
        return { id: row.id, label: row.label, path: row.path };
      });
    }

    await recordChanges(
      tx,
      outbox,
      ctx.actor,
      created.map(({ row, parentLabel }) => ({
        action: "created" as const,
        resource: "StorageSpace" as const,
        id: row.id,
        title: row.label,
        new: storageSpaceResource.entity.toRecord(row, {}, {
          parentLabel,
          typeCode: row.typeId === null ? null : typeCodes.get(row.typeId) ?? null,
        }, {}),
      })),
    );
    // The new locations' ids (level by level): what their labels are printed by.
    return { created: created.length, labels, ids: created.map(({ row }) => row.id) };
  });
}
