// Display values read beside documents and positions: location labels, container numbers, product
// indexes and names, contractor and user names, each by one query per kind, prepared once per connection.
import { sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/connection.ts";
import { overIds } from "../../db/prepared.ts";
import { storageSpaces } from "../storage/locations/entity.ts";
import { products } from "../assortment/products/entity.ts";
import { companies } from "../parties/companies/entity.ts";
import { users } from "../access/users/entity.ts";
import { containers } from "./containers/table.ts";

const ids = (values: unknown[]) => [...new Set(values.filter((v): v is number => typeof v === "number"))];

export interface Names {
  location(id: number | null): string | null;
  container(id: number | null): string | null;
  product(id: number | null): { index: string; name: string } | null;
  company(id: number | null): string | null;
  user(id: number | null): string | null;
}

export async function readNames(
  db: Db,
  want: {
    locations?: unknown[];
    containers?: unknown[];
    products?: unknown[];
    companies?: unknown[];
    users?: unknown[];
  },
): Promise<Names> {
  const locationIds = ids(want.locations ?? []);
  const containerIds = ids(want.containers ?? []);
  const productIds = ids(want.products ?? []);
  const companyIds = ids(want.companies ?? []);
  const userIds = ids(want.users ?? []);
  // One statement per kind, prepared once per connection: the named columns of the listed rows.
  const read = async <R>(
    key: string,
    list: number[],
    table: SQLiteTable,
    columns: { id: SQLiteColumn } & Record<string, SQLiteColumn>,
  ): Promise<R[]> =>
    list.length
      ? await overIds<R>(
        db,
        `names.${key}`,
        (on, among) => on.select(columns).from(table).where(sql`${columns.id} IN ${among}`),
      ).all({ ids: JSON.stringify(list) })
      : [];
  const locs = await read<{ id: number; label: string }>("locations", locationIds, storageSpaces, {
    id: storageSpaces.id,
    label: storageSpaces.label,
  });
  const cons = await read<{ id: number; number: string }>("containers", containerIds, containers, {
    id: containers.id,
    number: containers.number,
  });
  const prods = await read<{ id: number; index: string; name: string }>("products", productIds, products, {
    id: products.id,
    index: products.index,
    name: products.name,
  });
  const comps = await read<{ id: number; name: string }>("companies", companyIds, companies, {
    id: companies.id,
    name: companies.shortName,
  });
  const usrs = await read<{ id: number; name: string | null; username: string }>("users", userIds, users, {
    id: users.id,
    name: users.visibleName,
    username: users.username,
  });
  const l = new Map(locs.map((r) => [r.id, r.label]));
  const c = new Map(cons.map((r) => [r.id, r.number]));
  const p = new Map(prods.map((r) => [r.id, { index: r.index, name: r.name }]));
  const co = new Map(comps.map((r) => [r.id, r.name]));
  const u = new Map(usrs.map((r) => [r.id, r.name ?? r.username]));
  return {
    location: (id) => (id === null ? null : l.get(id) ?? null),
    container: (id) => (id === null ? null : c.get(id) ?? null),
    product: (id) => (id === null ? null : p.get(id) ?? null),
    company: (id) => (id === null ? null : co.get(id) ?? null),
    user: (id) => (id === null ? null : u.get(id) ?? null),
  };
}
