// The master-data screens shown by the generic resource screen: a route and its resource metadata,
// imported when the screen first opens. Adding a resource screen is one line here. (Locations have their
// own screen, ./locations.tsx, around the same list and dialogs.)
import type { ResourceMeta } from "../../server/kernel/resource_meta.ts";

export const resourceScreens: Record<string, () => Promise<ResourceMeta>> = {
  "product-groups": () =>
    import("../../server/domain/assortment/product_groups/meta.ts").then((m) => m.productGroupMeta),
  "print-layouts": () =>
    import("../../server/domain/records/print_layouts/meta.ts").then((m) => m.printLayoutMeta),
  "email-accounts": () =>
    import("../../server/domain/records/email_accounts/meta.ts").then((m) => m.emailAccountMeta),
  "email-templates": () =>
    import("../../server/domain/records/email_templates/meta.ts").then((m) => m.emailTemplateMeta),
  "history": () => import("../../server/domain/logs/record_log/meta.ts").then((m) => m.recordLogMeta),
  "log": () => import("../../server/domain/logs/system_log/meta.ts").then((m) => m.systemLogMeta),
  "products": () => import("../../server/domain/assortment/products/meta.ts").then((m) => m.productMeta),
  "exchange-rates": () =>
    import("../../server/domain/assortment/exchange_rates/meta.ts").then((m) => m.exchangeRateMeta),
  "addresses": () => import("../../server/domain/parties/addresses/meta.ts").then((m) => m.addressMeta),
  "companies": () => import("../../server/domain/parties/companies/meta.ts").then((m) => m.companyMeta),
  "contacts": () => import("../../server/domain/parties/persons/meta.ts").then((m) => m.personMeta),
  "tags": () => import("../../server/domain/records/tags/meta.ts").then((m) => m.tagMeta),
  "dictionaries": () =>
    import("../../server/domain/records/dictionaries/meta.ts").then((m) => m.dictionaryMeta),
  "warehouse-location-types": () =>
    import("../../server/domain/infrastructure/location_types/meta.ts").then((m) => m.storageSpaceTypeMeta),
};

/** May this user add, edit and delete records of the resource (the engine's rule, from meta.writers). */
export function canWrite(
  meta: ResourceMeta,
  user: { isSuperUser: boolean; isPowerUser: boolean },
): boolean {
  if (meta.readOnly) return false;
  return user.isSuperUser || (meta.writers !== "admin" && user.isPowerUser);
}
