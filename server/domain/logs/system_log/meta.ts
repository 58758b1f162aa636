// SystemLog metadata for the generic list (plain data, imported by the client): read-only, administrators only.
import type { ResourceMeta } from "../../../kernel/resource_meta.ts";

export const systemLogLevels = ["error", "warning", "info"] as const;

export const systemLogMeta: ResourceMeta = {
  resource: "SystemLog",
  path: "/SystemLog",
  nameKey: "resource.systemLog",
  titleFields: ["message"],
  defaultSort: { column: "raiseDate", descending: true },
  writers: "admin",
  readers: "admin",
  readOnly: true,
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "raiseDate",
      kind: "date",
      labelKey: "field.systemLog.raiseDate",
      list: { sortable: true, filterable: true, visible: true },
    },
    {
      name: "level",
      kind: "enum",
      options: systemLogLevels,
      labelKey: "field.systemLog.level",
      list: { filterable: true, visible: true },
    },
    {
      name: "message",
      kind: "textarea",
      labelKey: "field.systemLog.message",
      list: { searchable: true, visible: true },
    },
    { name: "exception", kind: "textarea", labelKey: "field.systemLog.exception" },
    {
      name: "source",
      kind: "text",
      labelKey: "field.systemLog.source",
      list: { filterable: true, visible: true },
    },
    { name: "machineName", kind: "text", labelKey: "field.systemLog.machineName", list: {} },
    {
      name: "httpCode",
      kind: "number",
      labelKey: "field.systemLog.httpCode",
      list: { filterable: true, visible: true },
    },
    {
      name: "elapsedMs",
      kind: "number",
      unit: "ms",
      labelKey: "field.systemLog.elapsedMs",
      list: { sortable: true, filterable: true },
    },
    {
      name: "requestId",
      kind: "text",
      labelKey: "field.systemLog.requestId",
      list: { filterable: true },
    },
    { name: "properties", kind: "json", labelKey: "field.systemLog.properties" },
  ],
};
