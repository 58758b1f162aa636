// The master-data screens shown by the generic resource screen: a route and its resource metadata,
// imported when the screen first opens. Adding a resource screen is one line here. (Locations have their
// own screen, ./locations.tsx, around the same list and dialogs.)
import type { ResourceMeta } from "../../server/kernel/resource_meta.ts";

export const resourceScreens: Record<string, () => Promise<ResourceMeta>> = {
  "product-groups": () =>
    import("../../server/domain/assortment/product_groups/entity.ts").then((m) => m.productGroupMeta),
  "print-layouts": () =>
    import("../../server/domain/records/print_layouts/entity.ts").then((m) => m.printLayoutMeta),
  "email-accounts": () =>
    import("../../server/domain/records/email_accounts/entity.ts").then((m) => m.emailAccountMeta),
  "email-templates": () =>
    import("../../server/domain/records/email_templates/entity.ts").then((m) => m.emailTemplateMeta),
  "history": () => import("../../server/domain/logs/record_log/entity.ts").then((m) => m.recordLogMeta),
  "log": () => import("../../server/domain/logs/system_log/entity.ts").then((m) => m.systemLogMeta),
  "products": () => import("../../server/domain/assortment/products/entity.ts").then((m) => m.productMeta),
  "exchange-rates": () =>
    import("../../server/domain/assortment/exchange_rates/entity.ts").then((m) => m.exchangeRateMeta),
  "addresses": () => import("../../server/domain/parties/addresses/entity.ts").then((m) => m.addressMeta),
  "companies": () => import("../../server/domain/parties/companies/entity.ts").then((m) => m.companyMeta),
  "contacts": () => import("../../server/domain/parties/persons/entity.ts").then((m) => m.personMeta),
  "tags": () => import("../../server/domain/records/tags/entity.ts").then((m) => m.tagMeta),
  "dictionaries": () =>
    import("../../server/domain/records/dictionaries/entity.ts").then((m) => m.dictionaryMeta),
  "warehouse-location-types": () =>
    import("../../server/domain/infrastructure/location_types/entity.ts").then((m) => m.storageSpaceTypeMeta),
};

/** May this user add, edit and delete records of the resource (the engine's rule, from meta.writers). */
export function canWrite(
  meta: ResourceMeta,
  user: { isSuperUser: boolean; isPowerUser: boolean },
): boolean {
  if (meta.readOnly) return false;
  return user.isSuperUser || (meta.writers !== "admin" && user.isPowerUser);
}
