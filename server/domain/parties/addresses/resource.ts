// The Address resource: business managers and administrators keep addresses, all staff read them. An
// address a company uses cannot be deleted.
import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { Resource } from "../../resource/engine.ts";
import { resourceRoutes } from "../../resource/routes.ts";
import { companies } from "../companies/table.ts";
import { addresses } from "./table.ts";
import { addressMeta } from "./meta.ts";
import { Address, AddressCreate, AddressUpdate } from "./contract.ts";

type AddressRow = typeof addresses.$inferSelect;

/** An address on one line, as lists of other records show it: "Long 5, 00-950 WARSAW, PL". */
export function addressText(a: AddressRow): string {
  const street = [a.street, a.number].filter(Boolean).join(" ");
  const city = [a.postalCode, a.city].filter(Boolean).join(" ");
  return [street, city, a.country].filter(Boolean).join(", ");
}

export const addressResource = new Resource<Address, AddressCreate, AddressUpdate>({
  meta: addressMeta,
  hub: "Address",
  table: addresses,
  toDto: (row) => ({
    id: row.id,
    street: row.street,
    number: row.number,
    city: row.city,
    postalCode: row.postalCode,
    province: row.province,
    country: row.country,
    comment: row.comment,
    coordinates: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    text: addressText(row as AddressRow),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toRow: (input) => ({
    street: input.street,
    number: input.number,
    city: input.city,
    postalCode: input.postalCode,
    province: input.province,
    country: input.country,
    comment: input.comment,
    lat: input.coordinates?.lat ?? null,
    lng: input.coordinates?.lng ?? null,
  }),
  dependents: [{ column: companies.addressId, variant: "company" }],
});

export function addressRoutes(app: Hono<Env>, platform: Platform): void {
  resourceRoutes(app, platform, addressResource, {
    record: Address,
    create: AddressCreate,
    update: AddressUpdate,
  });
}
