// Logistics → New document: the editor of a new warehouse document, or of a working copy
// (/warehouse-new-document/{id}).
import { useState } from "react";
import { useT } from "../i18n/use_t.ts";
import { DocumentEditor } from "../features/documents/editor.tsx";
import * as shell from "../shell/shell.css.ts";

export function NewDocumentScreen(p: { openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const id = Number(p.openedDialogId);
  const editing = Number.isSafeInteger(id) && id > 0 ? id : null;
  // A saved working copy is called by its number, not "New document".
  const [number, setNumber] = useState<string | null>(null);
  return (
    <section>
      <h1 className={shell.title}>
        {editing !== null && number
          ? t.t("documents.title", { number })
          : t.t("route.warehouse-new-document")}
      </h1>
      <DocumentEditor id={editing} onNumber={setNumber} />
    </section>
  );
}
