// Display values read beside documents and positions: location labels, container numbers, product
// indexes and names, contractor and user names, each by one query per kind.
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
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
  const locs = locationIds.length
    ? await db.select({ id: storageSpaces.id, label: storageSpaces.label }).from(storageSpaces)
      .where(inArray(storageSpaces.id, locationIds))
    : [];
  const cons = containerIds.length
    ? await db.select({ id: containers.id, number: containers.number }).from(containers)
      .where(inArray(containers.id, containerIds))
    : [];
  const prods = productIds.length
    ? await db.select({ id: products.id, index: products.index, name: products.name }).from(products)
      .where(inArray(products.id, productIds))
    : [];
  const comps = companyIds.length
    ? await db.select({ id: companies.id, name: companies.shortName }).from(companies)
      .where(inArray(companies.id, companyIds))
    : [];
  const usrs = userIds.length
    ? await db.select({ id: users.id, name: users.visibleName, username: users.username }).from(users)
      .where(inArray(users.id, userIds))
    : [];
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
