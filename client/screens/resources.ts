// The master-data screens shown by the generic resource screen: a route and its resource metadata,
// imported when the screen first opens. Both lists are derived from the areas' registry
// (shared/areas.ts): adding a resource screen is one line there. (Locations have their own screen,
// ./locations.tsx, around the same list and dialogs.)
import type { ResourceMeta } from "../../shared/resources/meta.ts";
import { type Area, areas } from "../../shared/areas.ts";
import { metaLoaders } from "../../shared/resources/generated/index.ts";

const registered: Area[] = Object.values(areas);

function loaderOf(resource: string): () => Promise<ResourceMeta> {
  const load = metaLoaders[resource];
  if (!load) throw new Error(`shared/areas.ts names ${resource}, which no entity declares`);
  return load;
}

/** Every resource's metadata by its name, imported on first use (a history entry names its field labels). */
export const metaOfResource: Record<string, () => Promise<ResourceMeta>> = Object.fromEntries(
  registered.flatMap((a) => a.resources ?? []).map((r) => [r, loaderOf(r)]),
);

/** The master-data screens by route, each one resource's list and dialogs. */
export const resourceScreens: Record<string, () => Promise<ResourceMeta>> = Object.fromEntries(
  registered.flatMap((a) => Object.entries(a.screens ?? {})).map(([route, r]) => [route, loaderOf(r)]),
);

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
