// A location as a place to take goods from: a zone, an aisle or a rack covers the locations below it (by
// parent links, so a label holding the path's separator is no trap); what is locked out for release is left
// out with everything below it.
import { and, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { overIds } from "../../../db/prepared.ts";
import { storageSpaces } from "./entity.ts";

/** Of the given locations, those with locations below them, each with the locations it covers (itself too). */
export async function coveredLocations(tx: Db, ids: number[]): Promise<Map<number, ReadonlySet<number>>> {
  const out = new Map<number, ReadonlySet<number>>();
  if (!ids.length) return out;
  const parents = await overIds<{ id: number }>(
    tx,
    "zones.parents",
    (on, among) =>
      on.select({ id: storageSpaces.id }).from(storageSpaces).where(and(
        sql`${storageSpaces.id} IN ${among}`,
        sql`EXISTS (SELECT 1 FROM ${storageSpaces} AS child WHERE child.parent_id = ${storageSpaces.id})`,
      )),
  ).all({ ids: JSON.stringify(ids) });
  for (const parent of parents) {
    const below = await tx.all<[number]>(sql`
      WITH RECURSIVE below(id) AS (
        SELECT id FROM storage_spaces WHERE parent_id = ${parent.id} AND locked_out = 0
        UNION
        SELECT s.id FROM storage_spaces s JOIN below ON s.parent_id = below.id WHERE s.locked_out = 0
      )
      SELECT id FROM below`);
    out.set(parent.id, new Set([parent.id, ...below.map((row) => Number(Object.values(row)[0]))]));
  }
  return out;
}

/** The locations one source covers: a zone's own and those below it; a bin alone. */
export async function coveredBy(tx: Db, id: number): Promise<ReadonlySet<number>> {
  return (await coveredLocations(tx, [id])).get(id) ?? new Set([id]);
}
