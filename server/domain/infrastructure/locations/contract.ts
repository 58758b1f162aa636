// StorageSpace shapes (locations, their tree and the generator), shared by server validation and the
// OpenAPI document.
import { z } from "zod";
import { editBase, optNumber, optText, recordBase, refId, upperText } from "../../resource/fields.ts";

/** Longest label and barcode. */
export const LABEL_MAX = 100;

const flag = z.boolean().default(false);

/** The flags a location carries; the generator sets them per level. */
const flags = {
  cooled: flag,
  outside: flag,
  protected: flag,
  lockedIn: flag,
  lockedOut: flag,
  zoneReceipt: flag,
  zoneRelease: flag,
  zonePicking: flag,
};

const coordinate = optNumber(-1_000_000, 1_000_000);
const size = optNumber(0, 1_000_000);

const fields = {
  label: upperText(LABEL_MAX),
  /** Unique when set; an empty barcode becomes the label. */
  barcode: optText(LABEL_MAX),
  description: optText(1000),
  parentId: refId,
  typeId: refId,
  capacityKg: size,
  temperature: optNumber(-273.15, 1000),
  coordinateX: coordinate,
  coordinateY: coordinate,
  coordinateZ: coordinate,
  dimensionX: size,
  dimensionY: size,
  dimensionZ: size,
  pickupOrder: z.number().int().min(0).max(1_000_000_000).nullish().transform((v) => v ?? null),
  mapSouthWestX: coordinate,
  mapSouthWestY: coordinate,
  mapNorthEastX: coordinate,
  mapNorthEastY: coordinate,
  ...flags,
  defaultLocation: flag,
};

export const StorageSpaceCreate = z.object(fields);
export type StorageSpaceCreate = z.output<typeof StorageSpaceCreate>;
export const StorageSpaceUpdate = z.object({ ...editBase, ...fields });
export type StorageSpaceUpdate = z.output<typeof StorageSpaceUpdate>;

const num = z.number().nullable();
export const StorageSpace = z.object({
  ...recordBase,
  label: z.string(),
  barcode: z.string(),
  description: z.string().nullable(),
  parentId: num,
  /** The parent location's label, for display. */
  parentLabel: z.string().nullable(),
  /** The labels from the root to this location, joined with " / ". */
  path: z.string(),
  typeId: num,
  /** The location type's code, for display. */
  typeCode: z.string().nullable(),
  capacityKg: num,
  temperature: num,
  coordinateX: num,
  coordinateY: num,
  coordinateZ: num,
  dimensionX: num,
  dimensionY: num,
  dimensionZ: num,
  pickupOrder: num,
  mapSouthWestX: num,
  mapSouthWestY: num,
  mapNorthEastX: num,
  mapNorthEastY: num,
  cooled: z.boolean(),
  outside: z.boolean(),
  protected: z.boolean(),
  defaultLocation: z.boolean(),
  lockedIn: z.boolean(),
  lockedOut: z.boolean(),
  zoneReceipt: z.boolean(),
  zoneRelease: z.boolean(),
  zonePicking: z.boolean(),
});
export type StorageSpace = z.output<typeof StorageSpace>;

/** A row of the tree browser: a location and how many locations it holds directly. */
export const StorageSpaceNode = StorageSpace.extend({ childCount: z.number() });
export type StorageSpaceNode = z.output<typeof StorageSpaceNode>;

/** Most locations one generator call may create. */
export const GENERATE_MAX = 100_000;

export const GeneratorLevel = z.object({
  prefix: z.string().trim().max(20).default("").transform((v) => v.toUpperCase()),
  quantity: z.number().int().min(1).max(1000),
  digits: z.number().int().min(1).max(6),
  beginFrom: z.number().int().min(0).max(999_999).default(1),
  typeId: refId,
  ...flags,
});
export type GeneratorLevel = z.output<typeof GeneratorLevel>;

export const GenerateRequest = z.object({
  /** The location the first level is created under; without it the first level are roots. */
  parentId: refId,
  separator: z.string().max(5).default("-"),
  preview: z.boolean().default(false),
  levels: z.array(GeneratorLevel).min(1).max(3),
}).superRefine((r, ctx) => {
  // Each level repeats under every location of the level above.
  let perLevel = 1;
  let total = 0;
  for (const level of r.levels) total += perLevel *= level.quantity;
  if (total > GENERATE_MAX) {
    ctx.addIssue({
      code: "custom",
      path: ["levels"],
      params: { code: "validation.tooLarge" },
      message: `at most ${GENERATE_MAX} locations, not ${total}`,
    });
  }
});
export type GenerateRequest = z.output<typeof GenerateRequest>;

export const GeneratePreview = z.object({ labels: z.array(z.string()) });
export const GenerateResult = z.object({ created: z.number(), labels: z.array(z.string()) });
