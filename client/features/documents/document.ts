// Warehouse documents on the client: their shapes, the type definitions of the startup config, who may
// keep them, and the confirmation with its validation issues (422 document.validation carries each issue
// with its message in the user's language).
import { api, ApiError } from "../../api.ts";
import type { DocumentDefinition, StartupConfig } from "../../state.ts";

export interface WmsDocument {
  id: number;
  documentNumber: string;
  typeCode: string;
  statusCode: "workingCopy" | "confirmed" | "reverted";
  contractorId: number | null;
  contractorName: string | null;
  plannedDate: string | null;
  executedAt: string | null;
  sourceLocationId: number | null;
  sourceLocationLabel: string | null;
  sourceContainerId: number | null;
  sourceContainerNumber: string | null;
  destinationLocationId: number | null;
  destinationLocationLabel: string | null;
  destinationContainerId: number | null;
  destinationContainerNumber: string | null;
  comment: string | null;
  generated: boolean;
  positionsCount: number;
  progressPercent: number;
  version: number;
}

export interface WmsPosition {
  id: number;
  documentId: number;
  productId: number;
  productIndex: string | null;
  productName: string | null;
  quantity: number;
  quantityReal: number | null;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
  sourceLocationId: number | null;
  sourceContainerId: number | null;
  destinationLocationId: number | null;
  destinationContainerId: number | null;
  unitPrice: number | null;
  productComment: string | null;
  version: number;
  sourceLocationLabel?: string | null;
  sourceContainerNumber?: string | null;
  /** A confirmed document's: where the position's goods came from (bin, container, lot). */
  sources?: PositionSource[];
}

export interface PositionSource {
  locationId: number;
  locationLabel: string;
  containerId: number | null;
  containerNumber: string | null;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
  quantity: number;
}

export interface Issue {
  positionId: number | null;
  code: string;
  severity: "error" | "warning";
  message?: string;
}

/** May this user add, edit, confirm and revert documents (staff with logistics, or an administrator). */
export function canKeepDocuments(startup: StartupConfig | null): boolean | null {
  if (!startup) return null;
  const u = startup.user;
  return !u.connectedContractorId && (u.isSuperUser || !!u.logisticsEnabled);
}

export function definitionOf(
  startup: StartupConfig | null,
  typeCode: string,
): DocumentDefinition | undefined {
  return startup?.wmsDocumentDefinitions?.find((d) => d.typeCode === typeCode);
}

/** The types a new document may have: enabled in the logistics config, not made only from an order. */
export function enabledTypes(startup: StartupConfig | null): DocumentDefinition[] {
  const enabled = startup?.clientLogisticsConfig?.documentTypesEnabled ?? {};
  return (startup?.wmsDocumentDefinitions ?? []).filter((d) => enabled[d.typeCode] !== false && !d.fromOrder);
}

/** The actions the startup config allows for a status (printing has its own screen later). */
export function actionsFor(
  startup: StartupConfig | null,
  status: string,
): { code: string; labelKey: string }[] {
  return (startup?.wmsDocumentActions ?? []).filter((a) =>
    a.code !== "print" && a.allowedStatuses.includes(status)
  );
}

export type ConfirmResult = { kind: "confirmed"; document: WmsDocument } | {
  kind: "issues";
  issues: Issue[];
};

/** POST confirm: the confirmed document, or the issues of a 422 document.validation; anything else throws. */
export async function confirmDocument(id: number, acceptWarnings: boolean): Promise<ConfirmResult> {
  try {
    const document = await api<WmsDocument>(
      "POST",
      `/WmsDocument/${id}/confirm${acceptWarnings ? "?acceptWarnings=true" : ""}`,
    );
    return { kind: "confirmed", document };
  } catch (err) {
    if (err instanceof ApiError && err.code === "document.validation") {
      return { kind: "issues", issues: err.issues as Issue[] };
    }
    throw err;
  }
}

/** All positions of a document (a document has at most some thousands). */
export async function readPositions(id: number): Promise<WmsPosition[]> {
  const page = await api<{ results: WmsPosition[] }>(
    "GET",
    `/WmsDocument/${id}/Positions?PageNumber=1&PageSize=1000&sortColumn=id`,
  );
  return page.results;
}
