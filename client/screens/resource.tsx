// The screen of a master-data resource: its title, the generic list and the add/edit/preview dialogs,
// from the resource metadata the registry (resources.ts) names for the route.
import { use } from "react";
import { useAtomValue } from "jotai";
import { useT } from "../i18n/use_t.ts";
import { startupAtom } from "../state.ts";
import { ResourceList } from "../features/list/resource_list.tsx";
import type { PlainKey, ResourceMeta } from "../features/list/meta.ts";
import * as shell from "../shell/shell.css.ts";
import { preloadWithScreens } from "../shell/lazy.tsx";
import { canWrite, resourceScreens } from "./resources.ts";
import { RelatedScreens } from "./related.tsx";

const loading = new Map<string, Promise<ResourceMeta>>();
/** The metadata already here, by route: a screen whose metadata is here shows at once (no suspension). */
const loaded = new Map<string, ResourceMeta>();

function metaOf(route: string): Promise<ResourceMeta> {
  let meta = loading.get(route);
  if (!meta) {
    meta = resourceScreens[route]().then((m) => {
      loaded.set(route, m);
      return m;
    });
    loading.set(route, meta);
  }
  return meta;
}

// Each resource's metadata loads with the screens' code, while the page is idle.
for (const route of Object.keys(resourceScreens)) preloadWithScreens(route, () => metaOf(route));

export function ResourceScreen(p: { route: string; openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const meta = loaded.get(p.route) ?? use(metaOf(p.route));
  const title = t.t(`route.${p.route}` as PlainKey);
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <RelatedScreens route={p.route} />
      <ResourceList
        meta={meta}
        route={p.route}
        title={title}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={startup ? canWrite(meta, startup.user) : null}
      />
    </section>
  );
}
