// SystemLog entry as the API answers it: properties parsed back from their stored JSON.
import { z } from "zod";
import { systemLogLevels } from "./meta.ts";

export const SystemLogEntry = z.object({
  id: z.number(),
  level: z.enum(systemLogLevels),
  message: z.string(),
  exception: z.string().nullable(),
  source: z.string().nullable(),
  machineName: z.string().nullable(),
  httpCode: z.number().nullable(),
  elapsedMs: z.number().nullable(),
  raiseDate: z.string(),
  properties: z.unknown().nullable(),
  requestId: z.string().nullable(),
});
export type SystemLogEntry = z.output<typeof SystemLogEntry>;
