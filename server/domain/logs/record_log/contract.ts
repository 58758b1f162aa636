// RecordLog entry as the API answers it: the old and new objects parsed back from their stored JSON.
import { z } from "zod";
import { recordLogActions } from "./meta.ts";

export const RecordLogEntry = z.object({
  id: z.number(),
  action: z.enum(recordLogActions),
  resourceType: z.string(),
  resourceId: z.number().nullable(),
  title: z.string().nullable(),
  oldObject: z.unknown().nullable(),
  newObject: z.unknown().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type RecordLogEntry = z.output<typeof RecordLogEntry>;
