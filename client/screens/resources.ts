// The master-data screens shown by the generic resource screen: a route and its resource metadata,
// imported when the screen first opens. Adding a resource screen is one line here.
import type { ResourceMeta } from "../../server/kernel/resource_meta.ts";

export const resourceScreens: Record<string, () => Promise<ResourceMeta>> = {
  "product-groups": () =>
    import("../../server/domain/assortment/product_groups/meta.ts").then((m) => m.productGroupMeta),
};

/** May this user add, edit and delete records of the resource (the engine's rule, from meta.writers). */
export function canWrite(
  meta: ResourceMeta,
  user: { isSuperUser: boolean; isPowerUser: boolean },
): boolean {
  return user.isSuperUser || (meta.writers !== "admin" && user.isPowerUser);
}
