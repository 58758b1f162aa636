// Rules shared by the two trees of this area (locations and location types), where each row names its
// parent: a record cannot be moved under itself or under one of its own descendants.
import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/connection.ts";
import { fieldError } from "../../kernel/errors.ts";

/** Refuses `parentId` when it is `id` itself or lies below it (walks up from the new parent). */
export async function checkParent(tx: Db, table: SQLiteTable, id: number | undefined, parentId: unknown) {
  if (id === undefined || typeof parentId !== "number") return;
  const [hit] = await tx.all<[number]>(sql`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM ${table} WHERE id = ${parentId}
      UNION
      SELECT t.id, t.parent_id FROM ${table} t JOIN up ON t.id = up.parent_id
    )
    SELECT 1 FROM up WHERE id = ${id} LIMIT 1`);
  if (hit) throw fieldError({ parentId: ["validation.invalidValue"] });
}
