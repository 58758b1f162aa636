// Container shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { editBase, optText, recordBase } from "../../resource/fields.ts";
import { containerKinds } from "./table.ts";

const fields = {
  kind: z.enum(containerKinds),
  locationId: z.number().int().positive(),
  description: optText(1000),
  lockedIn: z.boolean().default(false),
  lockedOut: z.boolean().default(false),
};

/** The number is not sent: it comes from the container numbering schema. */
export const ContainerCreate = z.object(fields);
export type ContainerCreate = z.output<typeof ContainerCreate>;

export const ContainerUpdate = z.object({ ...editBase, ...fields });
export type ContainerUpdate = z.output<typeof ContainerUpdate>;

export const Container = z.object({
  ...recordBase,
  number: z.string(),
  kind: z.enum(containerKinds),
  locationId: z.number(),
  locationLabel: z.string().nullable(),
  description: z.string().nullable(),
  lockedIn: z.boolean(),
  lockedOut: z.boolean(),
});
export type Container = z.output<typeof Container>;
