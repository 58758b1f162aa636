// Warehouse → Locations: the generic list of locations or, at a switch, their tree (children read as
// levels open), and for business managers and administrators the generator of nested locations. The
// add/edit/preview dialog the route names opens in either view.
import { PrintButton } from "../features/print/print_dialog.tsx";
import { useState } from "react";
import { useAtomValue } from "jotai";
import { useT } from "../i18n/use_t.ts";
import { pushToast, startupAtom } from "../state.ts";
import { navigate } from "../shell/navigation.ts";
import { dialogFromRoute, ResourceList } from "../features/list/resource_list.tsx";
import { RecordDialog } from "../features/dialogs/record_dialog.tsx";
import { LocationTree } from "../features/locations/location_tree.tsx";
import { GeneratorDialog } from "../features/locations/generator_dialog.tsx";
import { storageSpaceMeta as meta } from "../../shared/resources/generated/storage_space.ts";
import { Button, Tabs } from "../ui/controls.tsx";
import * as shell from "../shell/shell.css.ts";
import * as css from "../features/locations/locations.css.ts";
import { canWrite } from "./resources.ts";

const ROUTE = "warehouse-locations";
const base = `/${ROUTE}`;
/** The view last chosen, kept while the page lives. */
let lastView: "list" | "tree" = "list";

export function LocationsScreen(p: { openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const canEdit = startup ? canWrite(meta, startup.user) : null;
  const [view, setView] = useState(lastView);
  const [generating, setGenerating] = useState(false);
  /** The locations the generator just made, for their labels. */
  const [generated, setGenerated] = useState<number[]>([]);
  const [reloadKey, setReloadKey] = useState(0);
  const title = t.t("route.warehouse-locations");
  const dialog = canEdit === null ? null : dialogFromRoute(p.openedDialogId, p.additionalParams, canEdit);

  function afterChange(text: string) {
    pushToast("info", text);
    setReloadKey((k) => k + 1);
    navigate(base);
  }

  const tree = (
    <>
      <LocationTree
        label={title}
        reloadKey={reloadKey}
        onOpen={(id) => navigate(`${base}/${id}${canEdit ? "" : "/preview"}`)}
      />
      {dialog && view === "tree"
        ? (
          <RecordDialog
            key={`${dialog.mode}-${dialog.id}`}
            meta={meta}
            mode={dialog.mode}
            id={dialog.id}
            isAdmin={!!canEdit}
            onClose={() => navigate(base)}
            onSaved={() => afterChange(t.t("dialog.saved"))}
            onDeleted={() => afterChange(t.t("dialog.deleted"))}
            onEdit={canEdit ? () => navigate(`${base}/${dialog.id}`) : undefined}
          />
        )
        : null}
    </>
  );

  return (
    <section>
      <div className={css.header}>
        <h1 className={shell.title}>{title}</h1>
        {generated.length
          ? (
            <PrintButton
              type="storageSpace"
              items={generated.map((id) => ({ id }))}
              label={t.plural("print.newLocations", generated.length)}
            />
          )
          : null}
        {canEdit ? <Button onPress={() => setGenerating(true)}>{t.t("generator.open")}</Button> : null}
      </div>
      <Tabs
        label={t.t("locations.view")}
        selected={view}
        onChange={(id) => {
          lastView = id === "tree" ? "tree" : "list";
          setView(lastView);
        }}
        tabs={[
          {
            id: "list",
            title: t.t("locations.viewList"),
            content: (
              <ResourceList
                meta={meta}
                route={ROUTE}
                title={title}
                openedDialogId={p.openedDialogId}
                additionalParams={p.additionalParams}
                canEdit={canEdit}
                reloadKey={reloadKey}
              />
            ),
          },
          { id: "tree", title: t.t("locations.viewTree"), content: tree },
        ]}
      />
      {generating
        ? (
          <GeneratorDialog
            onClose={() => setGenerating(false)}
            onGenerated={(created, ids) => {
              setGenerating(false);
              setGenerated(ids);
              pushToast("info", t.plural("generator.created", created));
              setReloadKey((k) => k + 1);
            }}
          />
        )
        : null}
    </section>
  );
}
