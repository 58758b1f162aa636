// The import's preview: how many rows, whether matching rows update stored records, each column's field
// (changed here), every problem by row and column, what the import would add and update, the first rows with
// their bad cells marked, and the button that imports all of them.
import { Button, Notice, Select } from "../ui/controls.tsx";
import type { Preview } from "./import_job.ts";
import { cellMessage } from "./import_job.ts";
import type { Mode, useImport } from "./import_state.ts";
import { table } from "../features/stock/stock.css.ts";
import * as css from "./import_file.css.ts";

export const IGNORE = "__ignore";

export function ImportPreview(p: { s: ReturnType<typeof useImport>; preview: Preview }) {
  const { s, preview } = p;
  const t = s.t;
  const or = new Intl.ListFormat(t.lang, { type: "disjunction" });
  const bad = new Map(preview.errors.map((e) => [`${e.row}\u0000${e.column}`, cellMessage(t, e)]));
  const fieldOptions = [
    { id: IGNORE, label: t.t("importFile.ignore") },
    ...(preview.fields ?? []).map((f) => ({ id: f, label: s.label(f) })),
  ];
  return (
    <>
      <p>{t.t("importFile.total", { count: preview.total })}</p>
      {preview.matchFields.length
        ? (
          <Select<Mode>
            label={t.t("importFile.mode")}
            value={s.mode}
            options={[
              { id: "add", label: t.t("importFile.mode.add") },
              {
                id: "update",
                label: t.t("importFile.mode.update", {
                  fields: or.format(preview.matchFields.map(s.label)),
                }),
              },
            ]}
            onChange={(m) => {
              // What a row that matches a stored record is depends on it: the rows are checked again.
              s.setMode(m);
              void s.look(true, m);
            }}
          />
        )
        : null}
      {preview.ignoredColumns.length
        ? <Notice>{t.t("importFile.ignored", { columns: preview.ignoredColumns.join(", ") })}</Notice>
        : null}
      <h2 className={css.heading}>{t.t("importFile.mapping")}</h2>
      <div className={css.mapping}>
        {preview.columns.map((c) => (
          <Select<string>
            key={c}
            label={c}
            value={s.mapping[c] ?? IGNORE}
            options={fieldOptions}
            onChange={(v) => s.setMapping((m) => ({ ...m, [c]: v === IGNORE ? "" : v }))}
          />
        ))}
        <Button quiet isDisabled={s.busy} onPress={() => void s.look(true)}>
          {t.t("importFile.check")}
        </Button>
      </div>
      {preview.errorCount
        ? (
          <>
            <h2 className={css.heading}>
              {t.t("importFile.errors", { count: preview.errorCount })}
            </h2>
            <ul className={css.errors} data-testid="import-errors">
              {preview.errors.map((e, i) => (
                <li key={i}>
                  {t.t("importFile.errorAt", { row: e.row, column: e.column ?? "—" })} {cellMessage(t, e)}
                </li>
              ))}
            </ul>
            {preview.errors.length < preview.errorCount
              ? (
                <p>
                  {t.t("importFile.moreErrors", {
                    shown: t.number(preview.errors.length),
                    count: t.number(preview.errorCount),
                  })}
                </p>
              )
              : null}
          </>
        )
        : <Notice>{t.t("importFile.noErrors")}</Notice>}
      {preview.summary
        ? (
          <p data-testid="import-summary">
            {t.t("importFile.summary", {
              added: t.number(preview.summary.added),
              updated: t.number(preview.summary.updated),
              unchanged: t.number(preview.summary.unchanged),
            })}
          </p>
        )
        : null}
      <h2 className={css.heading}>{t.t("importFile.firstRows")}</h2>
      <div className={css.scroll}>
        <table className={table}>
          <thead>
            <tr>{preview.columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
          </thead>
          <tbody>
            {preview.rows.map((r, i) => (
              <tr key={i}>
                {preview.columns.map((c) => {
                  // A bad cell is marked where it stands, its message on it.
                  const wrong = bad.get(`${preview.rowNumbers?.[i]}\u0000${c}`);
                  return (
                    <td
                      key={c}
                      className={wrong ? css.badCell : undefined}
                      title={wrong}
                      aria-invalid={!!wrong || undefined}
                    >
                      {r[c]}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button isDisabled={s.busy || preview.errorCount > 0} onPress={() => void s.run()}>
        {t.t("importFile.run", { count: preview.total })}
      </Button>
    </>
  );
}
