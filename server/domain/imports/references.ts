// Records named the way people name them, looked up in bulk: a reference cell of an import ("Main group":
// a group's name, "Contractor": a company's short name or tax ID, "Default location": a location's label or
// barcode, or any of them by id), and the values that must be unique (an index, a barcode) against the
// stored records. One query per column and 500 texts, never one per row; names compared as the database's
// own rules compare them (NOCASE: ASCII letters without regard to case).
import { turn } from "../../kernel/turn.ts";
import { and, inArray, type SQL, sql } from "drizzle-orm";
import { getTableColumns } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/connection.ts";
import type { FieldMeta } from "../../../shared/resources/meta.ts";
import type { AnyTable, ReferenceCheck } from "../../engine/declaration.ts";

/** Texts per query. */
const CHUNK = 500;
/** Above this many texts compared without regard to case, the table is walked once instead of queried. */
const WALK_ABOVE = 2_000;
/** Rows read per step of such a walk. */
const WALK_PAGE = 5_000;

export const chunks = <T>(xs: T[], n = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** SQLite's NOCASE: ASCII letters folded, nothing else. */
export function foldNocase(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The ids whose `key` is each of `values`, exactly (an index, a barcode), by value. */
export async function findExact<V extends string | number>(
  db: Db,
  table: AnyTable,
  id: SQLiteColumn,
  key: SQLiteColumn,
  values: V[],
  where?: SQL,
): Promise<Map<V, number[]>> {
  const out = new Map<V, number[]>();
  for (const part of chunks([...new Set(values)])) {
    const rows = await db.select({ id, key }).from(table).where(and(inArray(key, part), where)) as {
      id: number;
      key: V;
    }[];
    for (const r of rows) out.set(r.key, [...(out.get(r.key) ?? []), r.id]);
    if (part.length === CHUNK) await turn();
  }
  return out;
}

/** Case aside as people read it, in any alphabet ("ŻYWNOŚĆ" is "Żywność"). */
export function foldCase(s: string): string {
  return s.normalize("NFC").toLowerCase();
}

/**
 * The ids whose `key` is each of `texts` without regard to case, by the folded text: as the database's
 * NOCASE compares (ASCII letters only: what its unique rules mean), or, `anyAlphabet`, as people read
 * (names in any alphabet: the texts with letters beyond ASCII are found by one walk of the table).
 */
export async function findNocase(
  db: Db,
  table: AnyTable,
  id: SQLiteColumn,
  key: SQLiteColumn,
  texts: string[],
  where?: SQL,
  anyAlphabet = false,
): Promise<Map<string, number[]>> {
  const fold = anyAlphabet ? foldCase : foldNocase;
  const out = new Map<string, number[]>();
  const add = (k: unknown, rowId: number) => {
    if (typeof k !== "string") return;
    const f = fold(k);
    const ids = out.get(f);
    if (!ids) out.set(f, [rowId]);
    else if (!ids.includes(rowId)) ids.push(rowId);
  };
  const wanted = [...new Set(texts.map(fold))];
  // ASCII texts: what NOCASE folds.
  const ascii = anyAlphabet ? wanted.filter((t) => [...t].every((c) => c.charCodeAt(0) < 128)) : wanted;
  const walked = wanted.length - ascii.length > 0 || ascii.length > WALK_ABOVE ? new Set(wanted) : null;
  if (walked) {
    // Many texts (a file of thousands of locations), or names beyond ASCII: one walk of the table by id.
    for (let after = 0;;) {
      const rows = await db.select({ id, key }).from(table)
        .where(and(sql`${id} > ${after}`, where)).orderBy(id).limit(WALK_PAGE) as {
          id: number;
          key: unknown;
        }[];
      for (const r of rows) if (typeof r.key === "string" && walked.has(fold(r.key))) add(r.key, r.id);
      if (rows.length < WALK_PAGE) return out;
      after = rows[rows.length - 1].id;
      await turn();
    }
  }
  // A unique rule's key has an index that compares without case (migration 0048): each query searches it.
  // Any other key's is read whole by each query, so few of them.
  for (const part of chunks(ascii)) {
    const rows = await db.select({ id, key }).from(table).where(and(
      sql`${key} COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(part)}))`,
      where,
    )) as { id: number; key: unknown }[];
    for (const r of rows) add(r.key, r.id);
    await turn();
  }
  return out;
}

/** How people name a record a reference may point at: its fields, tried together (and its id). */
const NAMED_BY: Record<string, readonly string[]> = {
  ProductGroup: ["name"],
  Company: ["shortName", "taxId"],
  StorageSpace: ["label", "barcode"],
  StorageSpaceType: ["code"],
  User: ["username", "email"],
  Product: ["index"],
  // An address has no name of its own: it is named by its id.
  Address: [],
};

/** The messages' variant of a reference field: its target, or "Contractor" for a company that must be one. */
export function referenceVariant(f: FieldMeta): string {
  const target = f.reference?.resource ?? "";
  const contractor = f.reference?.filters?.some((x) => x.field === "keyRole" && x.value === "contractor");
  if (target === "Company" && contractor) return "Contractor";
  return Object.hasOwn(NAMED_BY, target) ? target : "Other";
}

export type Resolution =
  | { id: number }
  | {
    code: "import.referenceNotFound" | "import.referenceAmbiguous";
    params: Record<string, string | number>;
  };

/**
 * Each text of a reference column as the record it names: by the target's names (all of them at once: a
 * text that names two records, by one field or by two, is ambiguous and refused, never guessed), and by
 * id, the names first, or the id first where the column is headed by the field's own name (`mainGroupId`,
 * the templates before). A target that must be of a kind (a contractor) is looked for among those only.
 */
export async function resolveReferences(
  db: Db,
  f: FieldMeta,
  ref: ReferenceCheck,
  texts: string[],
  idsFirst: boolean,
): Promise<Map<string, Resolution>> {
  const variant = referenceVariant(f);
  const out = new Map<string, Resolution>();
  const left = new Set(texts);
  const columns = getTableColumns(ref.table) as Record<string, SQLiteColumn>;
  const names = (NAMED_BY[f.reference?.resource ?? ""] ?? []).map((n) => columns[n]).filter(Boolean);
  for (const level of idsFirst ? ["ids", "names"] : ["names", "ids"]) {
    if (left.size === 0) break;
    if (level === "ids") {
      const ints = [...left].filter((t) => /^\d{1,15}$/.test(t));
      const found = await findExact(db, ref.table, ref.id, ref.id, ints.map(Number), ref.where);
      for (const t of ints) {
        if (!found.has(Number(t))) continue;
        out.set(t, { id: Number(t) });
        left.delete(t);
      }
      continue;
    }
    const candidates = new Map<string, Set<number>>();
    for (const column of names) {
      const found = await findNocase(db, ref.table, ref.id, column, [...left], ref.where, true);
      for (const t of left) {
        for (const id of found.get(foldCase(t)) ?? []) {
          candidates.set(t, (candidates.get(t) ?? new Set()).add(id));
        }
      }
    }
    for (const [t, ids] of candidates) {
      out.set(
        t,
        ids.size === 1
          ? { id: [...ids][0] }
          : { code: "import.referenceAmbiguous", params: { variant, value: t, count: ids.size } },
      );
      left.delete(t);
    }
  }
  for (const t of left) out.set(t, { code: "import.referenceNotFound", params: { variant, value: t } });
  return out;
}
