// The SystemLog resource: failures of this tenant's requests, listed and read by administrators only; the
// server alone writes it (service.ts), so its table stays in table.ts.
import { z } from "zod";
import { jsonText } from "../../../engine/declare.ts";
import { Resource } from "../../../engine/engine.ts";
import { systemLog } from "./table.ts";

export const systemLogLevels = ["error", "warning", "info"] as const;

export const systemLogEntry = new Resource({
  resource: "SystemLog",
  table: systemLog,
  title: ["message"],
  sort: "-raiseDate",
  writers: "admin",
  readers: "admin",
  readOnly: true,
  fields: {
    raiseDate: { kind: "date", list: "sort filter show" },
    level: { options: systemLogLevels, list: "filter show" },
    message: { kind: "textarea", list: "search show" },
    exception: { kind: "textarea" },
    source: { list: "filter show" },
    machineName: { list: true },
    httpCode: { list: "filter show" },
    elapsedMs: { unit: "ms", list: "sort filter" },
    requestId: { list: "filter" },
    properties: { kind: "json", codec: jsonText, output: z.unknown().nullable() },
  },
});

export const systemLogMeta = systemLogEntry.meta;
