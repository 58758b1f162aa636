// The shapes of the locations' own verbs (their tree and the generator), shared by server validation and
// the OpenAPI document; the StorageSpace record itself is declared in entity.ts.
import { z } from "zod";
import { refId } from "../../../engine/fields.ts";
import { LABEL_MAX, storageSpace } from "./entity.ts";

export { LABEL_MAX };

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

export const StorageSpace = storageSpace.entity.record;
export type StorageSpace = z.output<typeof StorageSpace>;

/** A row of the tree browser: a location and how many locations it holds directly. */
export const StorageSpaceNode = (StorageSpace as unknown as z.ZodObject).extend({
  childCount: z.number(),
}) as unknown as z.ZodType<StorageSpace & { childCount: number }>;
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
export const GenerateResult = z.object({
  created: z.number(),
  labels: z.array(z.string()),
  ids: z.array(z.number()),
});
