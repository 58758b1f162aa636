// A warehouse order as the screens read it, and the calls they make (api-contract.md, Orders).
import { api, ApiError } from "../../api.ts";
import type { Issue } from "../documents/document.ts";

export interface WmsOrder {
  id: number;
  orderNumber: string;
  typeCode: string;
  statusCode: "workingCopy" | "confirmed" | "archived" | "closedManually";
  processStatusCode: string;
  verificationStatusCode: string | null;
  priority: string;
  contractorId: number | null;
  contractorName: string | null;
  scopeLocationLabel: string | null;
  sourceLocationLabel: string | null;
  destinationLocationLabel: string | null;
  plannedDate: string | null;
  deadline: string | null;
  comment: string | null;
  closedManuallyReason: string | null;
  positionsCount: number;
  positionsDoneCount: number;
  quantitySum: number;
  progressPercent: number;
  delayDays: number | null;
  countPreparing: boolean;
  countLinesTotal: number | null;
  productionProductIndex: string | null;
  /** A sell offer's status (active, accepted, rejected, expired), else null. */
  offerStatus?: string | null;
  offerValidUntil?: string | null;
  productionQuantity: number | null;
  producedQuantity: number | null;
  version: number;
}

export interface OrderPosition {
  id: number;
  orderId: number;
  productId: number;
  productIndex: string | null;
  productName: string | null;
  /** Null to a counter while a count is blind. */
  quantity: number | null;
  quantityReal: number | null;
  bookQuantity?: number | null;
  sourceLocationLabel: string | null;
  sourceContainerNumber: string | null;
  destinationLocationLabel: string | null;
  expiryDate: string | null;
  serialNumber: string | null;
  countedAt?: string | null;
  /** Move orders: on documents, left to do, done of the whole; with stock, on hand and free. */
  quantityPlanned?: number;
  quantityLeft?: number;
  progressPercent?: number;
  stockQuantity?: number;
  freeQuantity?: number;
  /** Counts: counted − book (null while not counted or blind). */
  difference?: number | null;
}

export interface OrderDocument {
  id: number;
  documentNumber: string;
  typeCode: string;
  statusCode: string;
  progressPercent: number;
  quantitySum: number;
}

export const isCount = (typeCode: string) => typeCode.startsWith("VER-");
export const isProduction = (typeCode: string) => typeCode === "PRD";

/** The order's positions with their progress (a count's with their differences), up to 1,000. */
export async function readOrderPositions(order: WmsOrder): Promise<OrderPosition[]> {
  const path = isCount(order.typeCode)
    ? `/WmsOrder/Verify/${order.id}/PositionsProgress`
    : `/WmsOrder/Move/${order.id}/PositionsProgressWithStock`;
  const page = await api<{ results: OrderPosition[] }>("GET", `${path}?PageSize=1000&sortColumn=id`);
  return page.results;
}

/** The documents carrying the order out, oldest first. */
export async function readOrderDocuments(orderId: number): Promise<OrderDocument[]> {
  const filter = encodeURIComponent(JSON.stringify([{ field: "orderId", operator: "eq", value: orderId }]));
  const page = await api<{ results: OrderDocument[] }>(
    "GET",
    `/WmsDocument?BasicFiltersSerialized=${filter}&PageSize=100&sortColumn=id`,
  );
  return page.results;
}

export type VerbResult = { kind: "done"; order: WmsOrder } | { kind: "issues"; issues: Issue[] };

/** An order verb; a 422 with issues (stock short at a position) is an answer, not a failure. */
export async function orderVerb(method: string, path: string, body?: unknown): Promise<VerbResult> {
  try {
    return { kind: "done", order: await api<WmsOrder>(method, path, body) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 422 && err.issues.length) {
      return { kind: "issues", issues: err.issues as Issue[] };
    }
    throw err;
  }
}
