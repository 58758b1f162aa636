// Who may hear about a record: one rule per resource, checked for every subscriber of every event and
// for every edit-mode request. A resource without a rule is never published (the outbox's types refuse
// it), so a new resource cannot leak by omission.
import type { Actor } from "../kernel/context.ts";
import { isCarrier } from "../kernel/access.ts";

/**
 * The record a rule judges: its id, and for a record private to one user (a favorite) that user's id, for
 * one contractor's record (an external order) that contractor's id.
 */
export interface RecordRef {
  id: number;
  ownerId?: number;
}

export type VisibilityRule = (viewer: Actor, record: RecordRef) => boolean;

const staffOnly: VisibilityRule = (viewer) => viewer.contractorId === null;
const adminsOnly: VisibilityRule = (viewer) => viewer.contractorId === null && viewer.isSuperUser;

export const visibilityRules = {
  /** Administrators see every user; anyone else only their own record (as GET User/{id} answers). */
  User: (viewer, r) => viewer.isSuperUser || viewer.userId === r.id,
  /** Every user of the tenant loads the account and the logistics configuration at startup. */
  ClientAccount: () => true,
  ClientLogisticsConfig: () => true,
  /** A user's favorites are theirs alone; without a known owner nobody hears of one. */
  FavoriteAction: (viewer, r) => r.ownerId !== undefined && viewer.userId === r.ownerId,
  /** Master data kept by the company's staff: every staff user reads it, contractor users do not. */
  ProductGroup: staffOnly,
  Address: staffOnly,
  GeoLocation: staffOnly,
  Person: staffOnly,
  Tags: staffOnly,
  Dictionary: staffOnly,
  /** Staff see every company; a contractor user only their own (as GET Company/{id} answers). */
  Company: (viewer, r) => viewer.contractorId === null || viewer.contractorId === r.id,
  StorageSpaceType: staffOnly,
  StorageSpace: staffOnly,
  /** Records kept by the company's staff and read by all of them (printing, sending mail). */
  PrintLayout: staffOnly,
  Printer: staffOnly,
  /** Print sites and their agents' jobs: staff print and follow their jobs (the print dialog). */
  PrintSite: staffOnly,
  PrintJob: staffOnly,
  Message: staffOnly,
  Discussion: staffOnly,
  EmailTemplate: staffOnly,
  /** Logs and mail server accounts: administrators only, as the API answers them. */
  RecordLog: adminsOnly,
  SystemLog: adminsOnly,
  SecurityLog: adminsOnly,
  /** Shared accesses: administrators and business managers, as the API answers them. */
  SharedAccess: (viewer) => viewer.contractorId === null && (viewer.isSuperUser || viewer.isPowerUser),
  EmailAccount: adminsOnly,
  ExchangeRate: staffOnly,
  /**
   * Staff see every product. A contractor user's event names only the id, so their own products cannot be
   * told apart from another contractor's here: they are not told of product changes (their lists refresh
   * on their own), which leaks nothing.
   */
  Product: staffOnly,
  Container: staffOnly,
  /**
   * A contractor user reads their contractor's documents, but an event names only the id, so it cannot
   * tell theirs from another contractor's: like products, documents are announced to staff only.
   */
  WmsDocument: staffOnly,
  WmsDocumentPosition: staffOnly,
  /** Orders, like documents: a contractor's own cannot be told apart by id, so staff only. */
  WmsOrder: staffOnly,
  WmsOrderPosition: staffOnly,
  /**
   * A portal order names its contractor (ownerId): staff and that contractor's users hear of it, so the
   * portal follows its order live; without a known contractor only staff do.
   */
  ExternalOrder: (viewer, r) =>
    viewer.contractorId === null || (r.ownerId !== undefined && viewer.contractorId === r.ownerId),
  ExternalOrderPosition: staffOnly,
  /** Events of the calendar: the staff plan with them. */
  Calendar: staffOnly,
  /**
   * Freight tickets: staff, and carriers' users, who read published tickets and those assigned to them. The
   * event names only the id: a carrier told of a working copy's change reads 404 and learns nothing.
   */
  ShipmentTicket: (viewer) => viewer.contractorId === null || isCarrier(viewer),
  /** An offer and a message name their carrier (ownerId): staff and that carrier's users hear of them. */
  TransportOffer: (viewer, r) =>
    viewer.contractorId === null ||
    (isCarrier(viewer) && r.ownerId !== undefined && viewer.contractorId === r.ownerId),
  /** Credentials of external services: administrators, as the API answers them. */
  ExternalCredentials: adminsOnly,
  /** A shop's products, read by every staff user. */
  ProductExternal: staffOnly,
  TransportMessage: (viewer, r) =>
    viewer.contractorId === null ||
    (isCarrier(viewer) && r.ownerId !== undefined && viewer.contractorId === r.ownerId),
} satisfies Record<string, VisibilityRule>;

export type HubResource = keyof typeof visibilityRules;

export function canSee(viewer: Actor, resource: string, record: RecordRef): boolean {
  // Own keys only: a name like "toString" must not find Object.prototype's.
  if (!Object.hasOwn(visibilityRules, resource)) return false;
  return (visibilityRules as Record<string, VisibilityRule>)[resource](viewer, record) === true;
}
