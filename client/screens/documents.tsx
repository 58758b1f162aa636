// Logistics → Documents and document positions: the generic lists of WmsDocument and
// WmsDocumentPosition, with each document's status as a coloured badge and its progress as a bar. A
// document row opens its preview (the route's openedDialogId); adding goes to the new-document screen.
import { useState } from "react";
import { useAtomValue } from "jotai";
import { useT } from "../i18n/use_t.ts";
import { startupAtom } from "../state.ts";
import { navigate } from "../shell/navigation.ts";
import { ResourceList } from "../features/list/resource_list.tsx";
import type { FieldMeta, Row } from "../features/list/meta.ts";
import { DocumentPreviewDialog } from "../features/documents/preview_dialog.tsx";
import { canKeepDocuments } from "../features/documents/document.ts";
import { Progress, StatusBadge } from "../features/documents/status.tsx";
import { wmsDocumentMeta } from "../../shared/resources/generated/wms_document.ts";
import { wmsDocumentPositionMeta } from "../../shared/resources/generated/wms_document_position.ts";
import * as shell from "../shell/shell.css.ts";

const ROUTE = "warehouse-documents";

export function DocumentsScreen(p: { openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const canEdit = canKeepDocuments(startup);
  // Changes this page made in the preview are not echoed by the hub: the list is read again on close.
  const [reloadKey, setReloadKey] = useState(0);
  const title = t.t("route.warehouse-documents");
  const cell = (f: FieldMeta, row: Row) => {
    if (f.name === "statusCode") return <StatusBadge t={t} status={String(row.statusCode)} />;
    if (f.name === "progressPercent") return <Progress t={t} percent={Number(row.progressPercent) || 0} />;
    return undefined;
  };
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <ResourceList
        meta={wmsDocumentMeta}
        route={ROUTE}
        title={title}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={canEdit}
        renderCell={cell}
        addPath="/warehouse-new-document"
        reloadKey={reloadKey}
        renderDialog={(d) =>
          d.id === null ? null : (
            <DocumentPreviewDialog
              key={d.id}
              id={d.id}
              canEdit={!!canEdit}
              onClose={() => {
                setReloadKey((k) => k + 1);
                navigate(`/${ROUTE}`);
              }}
            />
          )}
      />
    </section>
  );
}

export function DocumentPositionsScreen(p: { openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const title = t.t("route.warehouse-documents-positions");
  const cell = (f: FieldMeta, row: Row) => {
    if (f.name !== "quantityReal") return undefined;
    const quantity = Number(row.quantity) || 0;
    const real = Number(row.quantityReal) || 0;
    return (
      <>
        {row.quantityReal === null ? "" : t.number(real)}{" "}
        <Progress t={t} percent={quantity > 0 ? Math.min(real, quantity) * 100 / quantity : 0} />
      </>
    );
  };
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <ResourceList
        meta={wmsDocumentPositionMeta}
        route="warehouse-documents-positions"
        title={title}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={false}
        renderCell={cell}
        onOpen={(row) => navigate(`/${ROUTE}/${row.documentId}`)}
      />
    </section>
  );
}
