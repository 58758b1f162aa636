// What the terminal asks the server (reads only; every write goes through the queue): the data kept for
// offline use, a product the data does not know, the free lines to take from (FEFO), a document or a
// count by what was scanned, and the text of a refused call in the user's language.
import { api, ApiError } from "../../api.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { gtinForms, isGs1, readGs1 } from "../../../shared/gs1/read.ts";
import { containerOf, locationOf, productOf, type TerminalData, type TerminalProduct } from "./data.ts";
import { documentTypes, type Kind, type Position, type SourceLine } from "./flow.ts";
import type { Rec } from "./scan_machine.ts";

const opened = (s: string | null | undefined) => s ?? "";

export function positionOf(r: Rec): Position {
  return {
    id: r.id as number,
    productId: r.productId as number,
    productIndex: opened(r.productIndex as string),
    productName: opened(r.productName as string),
    quantity: r.quantity as number,
    quantityReal: (r.quantityReal as number | null) ?? null,
    sourceLocationId: (r.sourceLocationId as number | null) ?? null,
    destinationLocationId: (r.destinationLocationId as number | null) ?? null,
    sourceContainerId: (r.sourceContainerId as number | null) ?? null,
    destinationContainerId: (r.destinationContainerId as number | null) ?? null,
    expiryDate: (r.expiryDate as string | null) ?? null,
    productionDate: (r.productionDate as string | null) ?? null,
    serialNumber: (r.serialNumber as string | null) ?? null,
  };
}

export const filter = (rules: { field: string; operator: string; value?: unknown }[]) =>
  encodeURIComponent(JSON.stringify(rules));

const get = <T>(path: string) => api<T>("GET", path, undefined, { quiet: true });

/** Every page of a list (at most `pages` of 1,000). */
async function allPages(path: string, pages = 20): Promise<Rec[]> {
  const out: Rec[] = [];
  for (let n = 1; n <= pages; n++) {
    const sep = path.includes("?") ? "&" : "?";
    const r = await get<{ results: Rec[]; allFilteredRowCount: number }>(
      `${path}${sep}PageNumber=${n}&PageSize=1000`,
    );
    out.push(...r.results);
    if (out.length >= r.allFilteredRowCount || r.results.length === 0) break;
  }
  return out;
}

/** The products, locations and containers the terminal needs, fresh from the server. */
export async function fetchData(): Promise<TerminalData> {
  const [products, locations, containers] = await Promise.all([
    allPages("/Product?sortColumn=id"),
    allPages("/StorageSpace?sortColumn=id"),
    allPages("/Container?sortColumn=id"),
  ]);
  return {
    products: products.map(productOf),
    locations: locations.map(locationOf),
    containers: containers.map(containerOf),
    savedAt: new Date().toISOString(),
  };
}

/** A product by a code the cache does not know: by its barcode (a GS1 label's GTIN in each form) or index. */
export async function productOnline(code: string): Promise<TerminalProduct | null> {
  const gs1 = isGs1(code) ? readGs1(code) : null;
  const candidates = gs1 ? (gs1.gtin ? gtinForms(gs1.gtin) : []) : [code];
  const rules = (field: string, value: string) => filter([{ field, operator: "eq", value }]);
  for (const candidate of candidates) {
    for (const [field, value] of [["barcodes", candidate], ["index", candidate.toUpperCase()]] as const) {
      if (gs1 && field === "index") continue;
      const r = await get<{ results: Rec[] }>(
        `/Product?PageSize=2&BasicFiltersSerialized=${rules(field, value)}`,
      );
      if (r.results.length === 1) return productOf(r.results[0]);
    }
  }
  return null;
}

/**
 * The free lines to take a product from within a place (a zone; null: anywhere), FEFO first, as
 * GET WmsInventory/bestsourcematerial answers them: what orders reserved is not among them.
 */
async function sourceLines(productId: number, place: number | null): Promise<SourceLine[]> {
  const within = place === null ? "" : `&locationId=${place}`;
  const r = await get<{ results: Rec[] }>(`/WmsInventory/bestsourcematerial/${productId}?limit=100${within}`);
  return r.results.map((l) => ({
    id: l.id as number,
    locationId: l.locationId as number,
    locationLabel: l.locationLabel as string,
    containerNumber: (l.containerNumber as string | null) ?? null,
    expiryDate: (l.expiryDate as string | null) ?? null,
    productionDate: (l.productionDate as string | null) ?? null,
    serialNumber: (l.serialNumber as string | null) ?? null,
    quantity: l.quantity as number,
  }));
}

/** Free lines by linesKey. */
export type Lines = Record<string, SourceLine[]>;

/** The lines of every key, read again; a key that cannot be read keeps what was known of it. */
export async function readLines(keys: Iterable<string>, known: Lines = {}): Promise<Lines> {
  const out: Lines = {};
  await Promise.all([...new Set(keys)].map(async (key) => {
    const [product, place] = key.split("@");
    try {
      out[key] = await sourceLines(Number(product), place === "" ? null : Number(place));
    } catch {
      if (known[key]) out[key] = known[key];
    }
  }));
  return out;
}

/** A document's positions, in their order. */
export async function positionsOf(documentId: number): Promise<Position[]> {
  const r = await get<{ results: Rec[] }>(`/WmsDocument/${documentId}/Positions?PageSize=1000&sortColumn=id`);
  return r.results.map(positionOf);
}

/** A document and its positions, read again. */
export async function readDocument(documentId: number): Promise<{ doc: Rec; positions: Position[] }> {
  const [doc, positions] = await Promise.all([
    get<Rec>(`/WmsDocument/${documentId}`),
    positionsOf(documentId),
  ]);
  return { doc, positions };
}

/** A count's positions at a location. */
export async function countPositions(countId: number | undefined, locationId: number): Promise<Position[]> {
  const r = await get<{ results: Rec[] }>(
    `/WmsOrder/Verify/${countId}/PositionsProgress?PageSize=1000&BasicFiltersSerialized=${
      filter([{ field: "sourceLocationId", operator: "eq", value: locationId }])
    }`,
  );
  return r.results.map(positionOf);
}

/**
 * What a scanned code names on a screen with no task: a count by its order's number (counting), else a
 * document of the screen's kind by its number, else an order's open document of that kind.
 */
export async function findTask(kind: Kind, code: string): Promise<{ doc: Rec } | { order: Rec } | null> {
  if (kind === "check") {
    const r = await get<{ results: Rec[] }>(
      `/WmsOrder/Verify/Progress?PageSize=5&BasicFiltersSerialized=${
        filter([{ field: "orderNumber", operator: "eq", value: code }])
      }`,
    );
    return r.results[0] ? { order: r.results[0] } : null;
  }
  const types = documentTypes[kind].types;
  const r = await get<{ results: Rec[] }>(
    `/WmsDocument?PageSize=5&BasicFiltersSerialized=${
      filter([{ field: "documentNumber", operator: "eq", value: code }, {
        field: "typeCode",
        operator: "in",
        value: types,
      }])
    }`,
  );
  if (r.results[0]) return { doc: r.results[0] };
  // An order's number: its open document of this screen's kind.
  const orders = await get<{ results: Rec[] }>(
    `/WmsOrder?PageSize=1&BasicFiltersSerialized=${
      filter([{ field: "orderNumber", operator: "eq", value: code }])
    }`,
  );
  if (!orders.results[0]) return null;
  const docs = await get<{ results: Rec[] }>(
    `/WmsDocument?PageSize=1&sortColumn=id&BasicFiltersSerialized=${
      filter([
        { field: "orderId", operator: "eq", value: orders.results[0].id },
        { field: "statusCode", operator: "eq", value: "workingCopy" },
        { field: "typeCode", operator: "in", value: types },
      ])
    }`,
  );
  return docs.results[0] ? { doc: docs.results[0] } : null;
}

/** Put-away suggestions for a product: the answer is the list itself, each named by its `label`. */
export function suggestionsFor(productId: number, quantity: number) {
  return get<{ locationId: number; label: string; reason: string }[]>(
    `/WmsInventory/locationsuggestin?productId=${productId}&quantity=${quantity}&limit=3`,
  );
}

/** The open documents (or counts) a screen offers to carry out. */
export function openTasks(kind: Kind): Promise<{ results: Rec[] }> {
  const path = kind === "check"
    ? `/WmsOrder/Verify/Progress?PageSize=20&sortColumn=id&sortDescending=true&BasicFiltersSerialized=${
      filter([{ field: "statusCode", operator: "eq", value: "confirmed" }, {
        field: "verificationStatusCode",
        operator: "in",
        value: ["notStarted", "inProgressNoDifferences", "inProgressWithDifferences"],
      }])
    }`
    : `/WmsDocument?PageSize=20&sortColumn=id&sortDescending=true&BasicFiltersSerialized=${
      filter([{ field: "statusCode", operator: "eq", value: "workingCopy" }, {
        field: "typeCode",
        operator: "in",
        value: documentTypes[kind].types,
      }])
    }`;
  return get<{ results: Rec[] }>(path);
}

/** The message of a refused call: the server's issues (already in the user's language), else its text. */
export function failureText(t: Translator, err: unknown): string {
  if (err instanceof ApiError) {
    const issues = (err.issues as { message?: string }[]).map((i) => i.message).filter(Boolean);
    if (issues.length) return issues.join(" ");
    const fields = Object.entries(err.fields ?? {}).map(([field, codes]) =>
      `${field}: ${codes.map((c) => (t.has(c) ? t.t(c as never) : c)).join(", ")}`
    );
    if (fields.length) return fields.join("; ");
    if (err.code === "network") return t.t("error.network");
    const key = `apiError.${err.code}`;
    if (t.has(key)) return t.t(key as never, err.params);
    return err.message || t.t("error.unknown");
  }
  return t.t("error.unknown");
}
