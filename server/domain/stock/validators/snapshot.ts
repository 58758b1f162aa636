// What the document validators judge: plain data loaded inside the confirming transaction, so every rule is
// a pure function (no database) tested with tables of cases.
import type { DocumentIssue } from "../../../kernel/errors.ts";
import type { LogisticsConfigData } from "../../../../shared/config/contract.ts";
import { wmsDocumentDefinitions } from "../../config/definitions.ts";

export type Issue = DocumentIssue;
export type Definition = (typeof wmsDocumentDefinitions)[number];
export type Direction = Definition["direction"];
export type Rule = "block" | "warn" | "allow";

export interface DocumentSnap {
  id: number;
  /** Made by the server (an order's, a count's, a released location's): each position names its line. */
  generated?: boolean;
  typeCode: Definition["typeCode"];
  statusCode: "workingCopy" | "confirmed" | "reverted";
  contractorId: number | null;
  sourceLocationId: number | null;
  sourceContainerId: number | null;
  destinationLocationId: number | null;
  destinationContainerId: number | null;
}

export interface PositionSnap {
  id: number;
  productId: number;
  /** Thousandths. */
  quantity: number;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
  sourceLocationId: number | null;
  sourceContainerId: number | null;
  destinationLocationId: number | null;
  destinationContainerId: number | null;
}

export interface ProductSnap {
  id: number;
  index: string;
  contractorId: number | null;
  lockIn: boolean;
  lockOut: boolean;
  lockRelocate: boolean;
  expiryDateRequired: boolean;
  productionDateRequired: boolean;
  serialNumberRequired: boolean;
  minTemperature: number | null;
  maxTemperature: number | null;
  minimalExpDays: number | null;
  /** Per unit, kg. */
  weight: number | null;
}

export interface LocationSnap {
  id: number;
  label: string;
  lockedIn: boolean;
  lockedOut: boolean;
  temperature: number | null;
}

/**
 * What the places of a document may carry: each named location's ancestors (itself included) that say what
 * they may carry, and for each such one its capacity and the weight of the stock at it and below it now (kg,
 * from the maintained per-location weights).
 */
export interface LoadLimits {
  of: Map<number, number[]>;
  holders: Map<number, { label: string; capacityKg: number; loadKg: number }>;
}

export interface ContainerSnap {
  id: number;
  number: string;
  locationId: number;
  lockedIn: boolean;
  lockedOut: boolean;
}

export interface StockLineSnap {
  id: number;
  productId: number;
  locationId: number;
  containerId: number | null;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
  /** Thousandths free to take: what the line holds less what orders reserved of it for other documents. */
  quantity: number;
  /** Thousandths the line holds, where orders reserved part of it (else `quantity`). */
  held?: number;
}

/** The order a document carries out (its `orderId`). */
export interface OrderSnap {
  orderNumber: string;
  statusCode: string;
  /** Thousandths of each product on the order not yet confirmed on its other documents. */
  left: Map<number, number>;
}

export interface Snapshot {
  /** The order the document carries out; absent for a document of no order. */
  order?: OrderSnap;
  /**
   * A count's adjustment (generated for a VER order): a correction of the books to what was counted, not
   * goods moving, so the rules for moving goods (locks, lots, expiry, temperature, contractors) do not
   * apply; the quantities still must be there.
   */
  correction?: boolean;
  document: DocumentSnap;
  positions: PositionSnap[];
  products: Map<number, ProductSnap>;
  locations: Map<number, LocationSnap>;
  containers: Map<number, ContainerSnap>;
  /**
   * The stock lines of every product the document takes, at its source locations; for a container
   * relocation also every line of its source containers.
   */
  stock: StockLineSnap[];
  /**
   * Sources that are zones or parent locations: the locations each covers (itself and those below it not
   * locked out). A position taking from one is allocated FEFO across them.
   */
  zones: Map<number, ReadonlySet<number>>;
  rules: LogisticsConfigData["rules"];
  /** Capacities over the document's places (rule rackLoad); absent: none said. */
  limits?: LoadLimits;
  /** The day of the confirmation, YYYY-MM-DD (UTC). */
  today: string;
}

export function definitionOf(typeCode: Definition["typeCode"]): Definition {
  const found = wmsDocumentDefinitions.find((d) => d.typeCode === typeCode);
  if (!found) throw new Error(`no definition for document type ${typeCode}`);
  return found;
}

/** Whether stock leaves a source (release, relocation) or arrives at a destination (receipt, relocation). */
export const takes = (d: Direction) => d === "out" || d === "relocation";
export const puts = (d: Direction) => d === "in" || d === "relocation";

/** The position's source and destination: its own, else the document's. */
export function placesOf(doc: DocumentSnap, p: PositionSnap) {
  return {
    sourceLocationId: p.sourceLocationId ?? doc.sourceLocationId,
    sourceContainerId: p.sourceContainerId ?? doc.sourceContainerId,
    destinationLocationId: p.destinationLocationId ?? doc.destinationLocationId,
    destinationContainerId: p.destinationContainerId ?? doc.destinationContainerId,
  };
}

/** The severity a configurable rule gives a finding; undefined when the rule allows it. */
export function severityOf(rule: Rule): Issue["severity"] | undefined {
  return rule === "block" ? "error" : rule === "warn" ? "warning" : undefined;
}

export function issue(
  positionId: number | null,
  name: string,
  params?: Record<string, unknown>,
  severity: Issue["severity"] = "error",
): Issue {
  return params === undefined
    ? { positionId, code: `document.issue.${name}`, severity }
    : { positionId, code: `document.issue.${name}`, severity, params };
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
