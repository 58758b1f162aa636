// RecordLog metadata for the generic list and the history screen (plain data, imported by the client):
// read-only, administrators only; the old and new objects are JSON shown side by side.
import type { ResourceMeta } from "../../../kernel/resource_meta.ts";

export const recordLogActions = ["created", "changed", "deleted", "loggedIn"] as const;

export const recordLogMeta: ResourceMeta = {
  resource: "RecordLog",
  path: "/RecordLog",
  nameKey: "resource.recordLog",
  titleFields: ["title", "resourceType"],
  defaultSort: { column: "createdAt", descending: true },
  writers: "admin",
  readers: "admin",
  readOnly: true,
  fields: [
    { name: "id", kind: "number", labelKey: "field.common.id", list: { sortable: true, filterable: true } },
    {
      name: "createdAt",
      kind: "date",
      labelKey: "field.common.createdAt",
      list: { sortable: true, filterable: true, visible: true },
    },
    {
      name: "action",
      kind: "enum",
      options: recordLogActions,
      labelKey: "field.recordLog.action",
      list: { filterable: true, visible: true },
    },
    {
      name: "resourceType",
      kind: "text",
      labelKey: "field.recordLog.resourceType",
      list: { filterable: true, visible: true },
    },
    {
      name: "resourceId",
      kind: "number",
      labelKey: "field.recordLog.resourceId",
      list: { filterable: true, visible: true },
    },
    {
      name: "title",
      kind: "text",
      labelKey: "field.recordLog.title",
      list: { searchable: true, visible: true },
    },
    {
      name: "userName",
      kind: "text",
      labelKey: "field.recordLog.userName",
      list: { filterable: true, searchable: true, visible: true },
    },
    {
      name: "userId",
      kind: "reference",
      labelKey: "field.recordLog.userId",
      reference: {
        resource: "User",
        path: "/User",
        titleFields: ["visibleName", "username"],
        displayField: "userName",
      },
    },
    { name: "oldObject", kind: "json", labelKey: "field.recordLog.oldObject" },
    { name: "newObject", kind: "json", labelKey: "field.recordLog.newObject" },
  ],
};
