// What each layout type prints (plain data: the print dialog and the layout editor read it too): the record's
// resource, and for a document or an order the list of its positions.
export const printSources = {
  product: { resource: "Product" },
  storageSpace: { resource: "StorageSpace" },
  container: { resource: "Container" },
  wmsDocument: { resource: "WmsDocument", positions: { resource: "WmsDocumentPosition", by: "documentId" } },
  wmsOrder: { resource: "WmsOrder", positions: { resource: "WmsOrderPosition", by: "orderId" } },
} as const;

export type PrintableType = keyof typeof printSources;
export const printableTypes = Object.keys(printSources) as PrintableType[];

/** The layout type a resource's records print as (`WmsDocument` → `wmsDocument`). */
export const printTypeOfResource: Record<string, PrintableType> = Object.fromEntries(
  Object.entries(printSources).map(([type, source]) => [source.resource, type as PrintableType]),
);
