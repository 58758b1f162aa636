// Address shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { editBase, optText, optUpperText, recordBase, reqText } from "../../resource/fields.ts";

/** A point on the map in degrees, or null. */
export const LatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

const fields = {
  street: optText(200),
  number: optText(50),
  city: reqText(100),
  postalCode: optUpperText(20),
  province: optText(100),
  country: optUpperText(100),
  comment: optText(2000),
  coordinates: LatLng.nullish().transform((v) => v ?? null),
};

export const AddressCreate = z.object(fields);
export type AddressCreate = z.output<typeof AddressCreate>;
export const AddressUpdate = z.object({ ...editBase, ...fields });
export type AddressUpdate = z.output<typeof AddressUpdate>;

export const Address = z.object({
  ...recordBase,
  street: z.string().nullable(),
  number: z.string().nullable(),
  city: z.string(),
  postalCode: z.string().nullable(),
  province: z.string().nullable(),
  country: z.string().nullable(),
  comment: z.string().nullable(),
  coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The address on one line ("Prosta 20, 00-850 Warsaw, PL"), as a company's addressText shows it. */
  text: z.string(),
});
export type Address = z.output<typeof Address>;
