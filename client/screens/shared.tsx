// The pages a shared access link opens, without signing in (issue 16; decision 0010): the key's contractor's
// total stock (/shared/wms-stock, and /shared for a plain link) or detailed inventory (/shared/wms-inventory),
// paged, sorted, filtered and searched like the staff's lists, read by the key (GET /api/shared/...). An
// ended key says so plainly (410 sharedAccess.ended in the reader's language).
import { useT } from "../i18n/use_t.ts";
import { Notice } from "../ui/controls.tsx";
import { ResourceList } from "../features/list/resource_list.tsx";
import { inventoryMeta, productStockMeta } from "../../shared/resources/inventory.ts";
import * as shell from "../shell/shell.css.ts";

export function SharedScreen(p: { route: string; query: string }) {
  const t = useT();
  const key = new URLSearchParams(p.query).get("key") ?? "";
  const what = p.route === "shared/wms-inventory" ? "inventory" : "stock";
  const title = what === "stock" ? t.t("shared.stockTitle") : t.t("shared.inventoryTitle");
  return (
    <main className={shell.content} data-testid="shared">
      <h1 className={shell.title}>{title}</h1>
      {key
        ? (
          <>
            <p>{t.t("shared.intro")}</p>
            <ResourceList
              meta={what === "stock" ? productStockMeta : inventoryMeta}
              route={p.route}
              title={title}
              canEdit={null}
              listPath={`/shared/${what}`}
              query={`key=${encodeURIComponent(key)}`}
              onOpen={() => {}}
            />
          </>
        )
        : <Notice kind="error">{t.t("shared.noKey")}</Notice>}
    </main>
  );
}
