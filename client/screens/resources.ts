// The master-data screens shown by the generic resource screen: a route and its resource metadata,
// imported when the screen first opens. Adding a resource screen is one line here. (Locations have their
// own screen, ./locations.tsx, around the same list and dialogs.)
import type { ResourceMeta } from "../../shared/resources/meta.ts";

/** Every resource's metadata by its name, imported on first use (a history entry names its field labels). */
export const metaOfResource: Record<string, () => Promise<ResourceMeta>> = {
  ProductGroup: () =>
    import("../../server/domain/assortment/product_groups/entity.ts").then((m) => m.productGroupMeta),
  PrintLayout: () =>
    import("../../server/domain/reference/print_layouts/entity.ts").then((m) => m.printLayoutMeta),
  Message: () => import("../../server/domain/messaging/entity.ts").then((m) => m.messageMeta),
  Printer: () => import("../../server/domain/printing/entity.ts").then((m) => m.printerMeta),
  PrintSite: () => import("../../server/domain/printing/sites/entity.ts").then((m) => m.printSiteMeta),
  PrintJob: () => import("../../server/domain/printing/jobs/entity.ts").then((m) => m.printJobMeta),
  EmailAccount: () =>
    import("../../server/domain/reference/email_accounts/entity.ts").then((m) => m.emailAccountMeta),
  EmailTemplate: () =>
    import("../../server/domain/reference/email_templates/entity.ts").then((m) => m.emailTemplateMeta),
  RecordLog: () => import("../../server/domain/logs/record_log/entity.ts").then((m) => m.recordLogMeta),
  SystemLog: () => import("../../server/domain/logs/system_log/entity.ts").then((m) => m.systemLogMeta),
  SecurityLog: () => import("../../server/domain/logs/security_log/entity.ts").then((m) => m.securityLogMeta),
  Product: () => import("../../server/domain/assortment/products/entity.ts").then((m) => m.productMeta),
  ExchangeRate: () =>
    import("../../server/domain/assortment/exchange_rates/entity.ts").then((m) => m.exchangeRateMeta),
  Address: () => import("../../server/domain/parties/addresses/entity.ts").then((m) => m.addressMeta),
  GeoLocation: () =>
    import("../../server/domain/parties/geo_locations/entity.ts").then((m) => m.geoLocationMeta),
  Company: () => import("../../server/domain/parties/companies/entity.ts").then((m) => m.companyMeta),
  Person: () => import("../../server/domain/parties/persons/entity.ts").then((m) => m.personMeta),
  Tags: () => import("../../server/domain/reference/tags/entity.ts").then((m) => m.tagMeta),
  Dictionary: () =>
    import("../../server/domain/reference/dictionaries/entity.ts").then((m) => m.dictionaryMeta),
  StorageSpaceType: () =>
    import("../../server/domain/storage/location_types/entity.ts").then((m) => m.storageSpaceTypeMeta),
  StorageSpace: () =>
    import("../../server/domain/storage/locations/entity.ts").then((m) => m.storageSpaceMeta),
  Container: () => import("../../server/domain/stock/containers/entity.ts").then((m) => m.containerMeta),
  WmsDocument: () => import("../../server/domain/stock/documents/entity.ts").then((m) => m.wmsDocumentMeta),
  WmsDocumentPosition: () =>
    import("../../server/domain/stock/positions/entity.ts").then((m) => m.wmsDocumentPositionMeta),
  User: () => import("../../server/domain/access/users/entity.ts").then((m) => m.userMeta),
  SharedAccess: () => import("../../server/domain/sharing/entity.ts").then((m) => m.sharedAccessMeta),
  Calendar: () => import("../../server/domain/calendar/entity.ts").then((m) => m.calendarEventMeta),
  ExternalOrder: () => import("../../server/domain/portal/entity.ts").then((m) => m.externalOrderMeta),
};

/** The master-data screens by route, each one resource's list and dialogs. */
export const resourceScreens: Record<string, () => Promise<ResourceMeta>> = {
  "product-groups": metaOfResource.ProductGroup,
  "print-layouts": metaOfResource.PrintLayout,
  "printers": metaOfResource.Printer,
  "print-jobs": metaOfResource.PrintJob,
  "email-accounts": metaOfResource.EmailAccount,
  "email-templates": metaOfResource.EmailTemplate,
  "history": metaOfResource.RecordLog,
  "log": metaOfResource.SystemLog,
  "security-log": metaOfResource.SecurityLog,
  "products": metaOfResource.Product,
  "exchange-rates": metaOfResource.ExchangeRate,
  "addresses": metaOfResource.Address,
  "geo-locations": metaOfResource.GeoLocation,
  "companies": metaOfResource.Company,
  "contacts": metaOfResource.Person,
  "tags": metaOfResource.Tags,
  "dictionaries": metaOfResource.Dictionary,
  "warehouse-location-types": metaOfResource.StorageSpaceType,
};

/**
 * Screens that belong together, each linking to the others under its title (the menu names only the first):
 * the printers, their sites with the print agents' keys, and the jobs queued for the agents.
 */
export const relatedScreens: Record<string, readonly string[]> = {
  "printers": ["printers", "print-sites", "print-jobs"],
  "print-sites": ["printers", "print-sites", "print-jobs"],
  "print-jobs": ["printers", "print-sites", "print-jobs"],
};

/** May this user add, edit and delete records of the resource (the engine's rule, from meta.writers). */
export function canWrite(
  meta: ResourceMeta,
  user: { isSuperUser: boolean; isPowerUser: boolean },
): boolean {
  if (meta.readOnly) return false;
  return user.isSuperUser || (meta.writers !== "admin" && user.isPowerUser);
}
