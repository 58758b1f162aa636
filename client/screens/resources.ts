// The master-data screens shown by the generic resource screen: a route and its resource metadata,
// imported when the screen first opens. Adding a resource screen is one line here. (Locations have their
// own screen, ./locations.tsx, around the same list and dialogs.)
import type { ResourceMeta } from "../../shared/resources/meta.ts";

/** Every resource's metadata by its name, imported on first use (a history entry names its field labels). */
export const metaOfResource: Record<string, () => Promise<ResourceMeta>> = {
  ProductGroup: () =>
    import("../../shared/resources/generated/product_group.ts").then((m) => m.productGroupMeta),
  PrintLayout: () =>
    import("../../shared/resources/generated/print_layout.ts").then((m) => m.printLayoutMeta),
  Message: () => import("../../shared/resources/generated/message.ts").then((m) => m.messageMeta),
  Printer: () => import("../../shared/resources/generated/printer.ts").then((m) => m.printerMeta),
  PrintSite: () => import("../../shared/resources/generated/print_site.ts").then((m) => m.printSiteMeta),
  PrintJob: () => import("../../shared/resources/generated/print_job.ts").then((m) => m.printJobMeta),
  EmailAccount: () =>
    import("../../shared/resources/generated/email_account.ts").then((m) => m.emailAccountMeta),
  EmailTemplate: () =>
    import("../../shared/resources/generated/email_template.ts").then((m) => m.emailTemplateMeta),
  RecordLog: () => import("../../shared/resources/generated/record_log.ts").then((m) => m.recordLogMeta),
  SystemLog: () => import("../../shared/resources/generated/system_log.ts").then((m) => m.systemLogMeta),
  SecurityLog: () =>
    import("../../shared/resources/generated/security_log.ts").then((m) => m.securityLogMeta),
  Product: () => import("../../shared/resources/generated/product.ts").then((m) => m.productMeta),
  ExchangeRate: () =>
    import("../../shared/resources/generated/exchange_rate.ts").then((m) => m.exchangeRateMeta),
  Address: () => import("../../shared/resources/generated/address.ts").then((m) => m.addressMeta),
  GeoLocation: () =>
    import("../../shared/resources/generated/geo_location.ts").then((m) => m.geoLocationMeta),
  Company: () => import("../../shared/resources/generated/company.ts").then((m) => m.companyMeta),
  Person: () => import("../../shared/resources/generated/person.ts").then((m) => m.personMeta),
  Tags: () => import("../../shared/resources/generated/tag.ts").then((m) => m.tagMeta),
  Dictionary: () => import("../../shared/resources/generated/dictionary.ts").then((m) => m.dictionaryMeta),
  StorageSpaceType: () =>
    import("../../shared/resources/generated/storage_space_type.ts").then((m) => m.storageSpaceTypeMeta),
  StorageSpace: () =>
    import("../../shared/resources/generated/storage_space.ts").then((m) => m.storageSpaceMeta),
  Container: () => import("../../shared/resources/generated/container.ts").then((m) => m.containerMeta),
  WmsDocument: () =>
    import("../../shared/resources/generated/wms_document.ts").then((m) => m.wmsDocumentMeta),
  WmsDocumentPosition: () =>
    import("../../shared/resources/generated/wms_document_position.ts").then((m) =>
      m.wmsDocumentPositionMeta
    ),
  User: () => import("../../shared/resources/generated/user.ts").then((m) => m.userMeta),
  SharedAccess: () =>
    import("../../shared/resources/generated/shared_access.ts").then((m) => m.sharedAccessMeta),
  Calendar: () =>
    import("../../shared/resources/generated/calendar_event.ts").then((m) => m.calendarEventMeta),
  ExternalOrder: () =>
    import("../../shared/resources/generated/external_order.ts").then((m) => m.externalOrderMeta),
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
