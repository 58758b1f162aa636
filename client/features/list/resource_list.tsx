// The generic list screen of a resource: quick search, per-column filters, sort, column chooser, row
// selection with a bulk delete, the total, the export wizard, and the add/edit/preview dialog that the route's
// openedDialogId opens (/users/new, /users/12, /users/12/preview); closing it goes back to the list.
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { api, ApiError } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import { navigate } from "../../shell/navigation.ts";
import { useAtom } from "jotai";
import { compactListsAtom, KEYS, pushToast, writeStorage } from "../../state.ts";
import { Button, Notice, Switch } from "../../ui/controls.tsx";
import { SearchField } from "../../ui/search_field.tsx";
import { CheckMenu } from "../../ui/menu.tsx";
import { ConfirmDialog } from "../../ui/confirm.tsx";
import { RecordDialog } from "../dialogs/record_dialog.tsx";
import type { Mode, Values } from "../dialogs/form_state.ts";
import { useVerb } from "../dialogs/use_verb.ts";
import { type ColumnFilter, describeFilter, nextSort, type Sort, toWireFilters } from "./filters.ts";
import { Grid } from "./grid.tsx";
import {
  defaultVisibleColumns,
  type FieldMeta,
  label,
  listColumns,
  type PlainKey,
  type ResourceMeta,
  type Row,
} from "./meta.ts";
import { useListData } from "./use_list_data.ts";
import { ExportDialog } from "./export_dialog.tsx";
import { PrintButton, printTypeOf } from "../print/print_dialog.tsx";
import * as css from "./list.css.ts";

/** Column choices last the session (local storage holds only what the spec lists). */
const columnChoices = new Map<string, Set<string>>();

/** The dialog a route's openedDialogId (and additionalParams) asks for, or null. */
export function dialogFromRoute(
  openedDialogId: string | undefined,
  additionalParams: string | undefined,
  canEdit: boolean,
): { mode: Mode; id: number | null } | null {
  if (!openedDialogId) return null;
  if (openedDialogId === "new") return canEdit ? { mode: "add", id: null } : null;
  const id = Number(openedDialogId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { mode: canEdit && additionalParams !== "preview" ? "edit" : "preview", id };
}

export function ResourceList(p: {
  meta: ResourceMeta;
  /** The screen's route ("users"): dialogs live under it. */
  route: string;
  title: string;
  openedDialogId?: string;
  additionalParams?: string;
  /** May add, edit and delete; null while not yet known (no dialog opens until it is). */
  canEdit: boolean | null;
  /** A new value re-reads the list (after changes this page made elsewhere, which the hub does not echo). */
  reloadKey?: number;
  /** A cell drawn by the screen (a status badge); undefined: the generic text. */
  renderCell?: (field: FieldMeta, row: Row) => ReactNode | undefined;
  /** The screen's own dialog for the route's openedDialogId instead of the generic record dialog. */
  renderDialog?: (dialog: { mode: Mode; id: number | null }) => ReactNode;
  /** More of a record below its fields in the generic dialog (see RecordDialog's `extra`). */
  dialogExtra?: (record: Values, reload: () => void) => ReactNode;
  /** Where the add button goes (default: the route's /new dialog). */
  addPath?: string;
  /** What opening a row does (default: the route's dialog the user's rights allow). */
  onOpen?: (row: Row) => void;
  /** The endpoint's own query parameters beside the list's (`includeZero=true`). */
  query?: string;
  /** The list's API path when it is not the resource's own (`/WmsOrder/Move/ProgressWithDelay`). */
  listPath?: string;
  /** The filters the list starts with (a route's product). */
  initialFilters?: ColumnFilter[];
}) {
  const t = useT();
  const [compact, setCompact] = useAtom(compactListsAtom);
  const { meta } = p;
  const columns = useMemo(() => listColumns(meta), [meta]);
  const [sort, setSort] = useState<Sort>(meta.defaultSort);
  const [filters, setFilters] = useState<ColumnFilter[]>(p.initialFilters ?? []);
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [visible, setVisible] = useState<Set<string>>(
    () => columnChoices.get(meta.resource) ?? defaultVisibleColumns(meta),
  );
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const deleting = useVerb({ show: "toast" });
  const [exporting, setExporting] = useState(false);

  // The search waits for a pause in typing (a request per word, not per key); a pause of 150 ms keeps the
  // answer within the 300 ms people notice (bench ui), and a page of a list costs the server little.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput), 150);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const wire = useMemo(() => toWireFilters(meta.fields, filters, search), [meta, filters, search]);
  const listPath = p.listPath ?? meta.path;
  const data = useListData<Row>(p.query ? `${listPath}?${p.query}` : listPath, sort, wire);
  const reload = data.reload;
  useResourceEvents(meta.resource, () => reload());
  const reloadKey = useRef(p.reloadKey);
  useEffect(() => {
    if (reloadKey.current === p.reloadKey) return;
    reloadKey.current = p.reloadKey;
    reload();
  }, [p.reloadKey, reload]);

  // Exported where the list's metadata says, with the screen's own parameters (`includeZero`); a screen
  // reading another endpoint (p.listPath) has no export.
  const exportPath = !p.listPath ? meta.exportPath : undefined;
  const base = `/${p.route}`;
  const dialog = p.canEdit === null ? null : dialogFromRoute(p.openedDialogId, p.additionalParams, p.canEdit);
  const shownColumns = columns.filter((c) => visible.has(c.name));

  function afterChange(text: string) {
    pushToast("info", text);
    reload();
    navigate(base);
  }

  /** The selected records deleted one by one; those a refusal stopped stay selected. */
  function deleteSelected() {
    const ids = [...selected];
    const left = new Set(selected);
    return deleting.run(async () => {
      for (const id of ids) {
        await api("DELETE", `${meta.path}/${id}`);
        left.delete(id);
      }
    }, {
      done: () => pushToast("info", t.t("dialog.deleted")),
      settled: () => {
        setConfirmBulk(false);
        setSelected(left);
        reload();
      },
    });
  }

  // A list this user may not read at all is said so, without a search, columns or an empty table.
  if (data.error instanceof ApiError && data.error.status === 403) {
    return (
      <div className={css.screen}>
        <Notice kind="error">
          <strong>{t.t("list.forbidden")}</strong> {errorMessage(t, data.error)}
        </Notice>
      </div>
    );
  }

  return (
    <div className={css.screen}>
      <div className={css.toolbar}>
        {columns.some((c) => c.list?.searchable)
          ? <SearchField label={t.t("list.search")} value={searchInput} onChange={setSearchInput} />
          : null}
        <div className={css.toolbarEnd}>
          {selected.size
            ? (
              <>
                <Button quiet onPress={() => setSelected(new Set())}>{t.t("list.clearSelection")}</Button>
                {printTypeOf[meta.resource]
                  ? (
                    <PrintButton
                      quiet
                      type={printTypeOf[meta.resource]}
                      items={[...selected].map((id) => ({ id }))}
                      label={t.t("print.labels")}
                    />
                  )
                  : null}
                {p.canEdit
                  ? <Button danger onPress={() => setConfirmBulk(true)}>{t.t("list.deleteSelected")}</Button>
                  : null}
              </>
            )
            : null}
          <Switch
            isSelected={compact}
            onChange={(on) => {
              setCompact(on);
              writeStorage(KEYS.compactLists, on);
            }}
          >
            {t.t("list.compact")}
          </Switch>
          <CheckMenu
            label={t.t("list.columns")}
            items={columns.map((c) => ({ id: c.name, label: label(t, c) }))}
            selected={visible}
            onChange={(next) => {
              if (next.size === 0) return; // a table with no column shows nothing to choose from
              columnChoices.set(meta.resource, next);
              setVisible(next);
            }}
          />
          {exportPath
            ? <Button quiet onPress={() => setExporting(true)}>{t.t("export.button")}</Button>
            : null}
          {p.canEdit && meta.addKey
            ? (
              <Button onPress={() => navigate(p.addPath ?? `${base}/new`)}>
                {t.t(meta.addKey as PlainKey)}
              </Button>
            )
            : null}
        </div>
      </div>
      <div className={css.status} role="status" aria-live="polite">
        <span data-testid="list-count">
          {data.total === null ? t.t("common.loading") : t.plural("list.rows", data.total)}
        </span>
        {selected.size
          ? <span data-testid="list-selected">{t.plural("list.selected", selected.size)}</span>
          : null}
      </div>
      {filters.length
        ? (
          <div className={css.chips}>
            {filters.map((f) => {
              const field = columns.find((c) => c.name === f.field)!;
              const text = describeFilter(t, field, f);
              return (
                <Button
                  key={f.field}
                  quiet
                  aria-label={t.t("list.removeFilter", { filter: text })}
                  onPress={() => setFilters(filters.filter((x) => x !== f))}
                >
                  {text}
                  <span aria-hidden="true">✕</span>
                </Button>
              );
            })}
            <Button quiet onPress={() => setFilters([])}>{t.t("list.clearFilters")}</Button>
          </div>
        )
        : null}
      {data.error ? <Notice kind="error">{errorMessage(t, data.error)}</Notice> : null}
      <Grid
        t={t}
        label={p.title}
        columns={shownColumns}
        data={data}
        sort={sort}
        onSort={(column) => setSort((s) => nextSort(s, column))}
        filters={filters}
        onFilter={(field, f) =>
          setFilters((list) => [...list.filter((x) => x.field !== field), ...(f ? [f] : [])])}
        selected={selected}
        onSelectedChange={setSelected}
        onOpen={p.onOpen ?? ((row) => navigate(`${base}/${row.id}${p.canEdit ? "" : "/preview"}`))}
        renderCell={p.renderCell}
        compact={compact}
      />
      {dialog && p.renderDialog ? p.renderDialog(dialog) : null}
      {dialog && !p.renderDialog
        ? (
          <RecordDialog
            key={`${dialog.mode}-${dialog.id}`}
            meta={meta}
            mode={dialog.mode}
            id={dialog.id}
            isAdmin={!!p.canEdit}
            onClose={() => navigate(base)}
            onSaved={() => afterChange(t.t("dialog.saved"))}
            onDeleted={() => {
              if (dialog.id !== null) {
                setSelected((s) => {
                  const next = new Set(s);
                  next.delete(dialog.id!);
                  return next;
                });
              }
              afterChange(t.t("dialog.deleted"));
            }}
            onEdit={p.canEdit ? () => navigate(`${base}/${dialog.id}`) : undefined}
            extra={p.dialogExtra}
          />
        )
        : null}
      {exporting && exportPath
        ? (
          <ExportDialog
            t={t}
            meta={{ ...meta, exportPath }}
            title={p.title}
            columns={columns}
            visible={visible}
            sort={sort}
            filters={filters}
            wire={wire}
            total={data.total}
            query={p.query}
            onClose={() => setExporting(false)}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={confirmBulk}
        title={t.t("dialog.confirmDeleteTitle")}
        message={t.plural("dialog.confirmDeleteMany", selected.size)}
        confirmLabel={t.t("dialog.delete")}
        cancelLabel={t.t("common.cancel")}
        busy={deleting.busy}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setConfirmBulk(false)}
      />
    </div>
  );
}
