// The print layout editor's preview: the layout as it stands in the form (saved or not) drawn by the server
// with the type's first record (or the one whose id is typed), shown as the PDF it prints as.
import { printableTypes } from "../../../shared/printing/sources.ts";
import { useEffect, useState } from "react";
import { apiBlob } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { userTimeZone } from "../../../shared/i18n/mod.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import * as css from "./print.css.ts";

export function LayoutPreview(p: { type: unknown; content: unknown }) {
  const t = useT();
  const [pdf, setPdf] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => {
    if (pdf) URL.revokeObjectURL(pdf);
  }, [pdf]);
  const printable = (printableTypes as readonly string[]).includes(String(p.type));
  async function show() {
    setBusy(true);
    setError(null);
    try {
      const blob = await apiBlob("/Print/preview", "POST", {
        type: p.type,
        content: p.content,
        timeZone: userTimeZone(),
      });
      setPdf(URL.createObjectURL(blob));
    } catch (err) {
      setPdf(null);
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className={css.preview} aria-label={t.t("print.preview")}>
      <Button quiet isDisabled={busy || !printable || !p.content} onPress={() => void show()}>
        {t.t("print.showPreview")}
      </Button>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {pdf
        ? <iframe className={css.pdf} src={pdf} title={t.t("print.preview")} data-testid="layout-preview" />
        : null}
    </section>
  );
}
