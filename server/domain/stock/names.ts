// Display values read beside documents and positions: location labels, container numbers, product
// indexes and names, contractor and user names, each by one query per kind, prepared once per connection.
import { sql } from "drizzle-orm";
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
  const read = <R>(key: string, list: number[], build: Parameters<typeof overIds>[2]) =>
    list.length ? overIds<R>(db, `names.${key}`, build).all({ ids: JSON.stringify(list) }) : [];
  const locs = await read<{ id: number; label: string }>(
    "locations",
    locationIds,
    (on, among) =>
      on.select({ id: storageSpaces.id, label: storageSpaces.label }).from(storageSpaces)
        .where(sql`${storageSpaces.id} IN ${among}`),
  );
  const cons = await read<{ id: number; number: string }>(
    "containers",
    containerIds,
    (on, among) =>
      on.select({ id: containers.id, number: containers.number }).from(containers)
        .where(sql`${containers.id} IN ${among}`),
  );
  const prods = await read<{ id: number; index: string; name: string }>(
    "products",
    productIds,
    (on, among) =>
      on.select({ id: products.id, index: products.index, name: products.name }).from(products)
        .where(sql`${products.id} IN ${among}`),
  );
  const comps = await read<{ id: number; name: string }>(
    "companies",
    companyIds,
    (on, among) =>
      on.select({ id: companies.id, name: companies.shortName }).from(companies)
        .where(sql`${companies.id} IN ${among}`),
  );
  const usrs = await read<{ id: number; name: string | null; username: string }>(
    "users",
    userIds,
    (on, among) =>
      on.select({ id: users.id, name: users.visibleName, username: users.username }).from(users)
        .where(sql`${users.id} IN ${among}`),
  );
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
