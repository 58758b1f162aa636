// The virtualized table (ARIA grid): only the rows in view are in the page, pages of rows are fetched
// as they scroll in. One tab stop: the grid itself, whose active row (aria-activedescendant) moves with
// the arrow keys; Space selects it, Enter opens it. Column headers sort (aria-sort) and filter.
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Button as AriaButton } from "react-aria-components/Button";
import type { Translator } from "../../i18n/mod.ts";
import { Checkbox } from "../../ui/controls.tsx";
import { PopoverButton } from "../../ui/popover.tsx";
import type { ColumnFilter, Sort } from "./filters.ts";
import { FilterEditor } from "./filter_editor.tsx";
import { cellText, type FieldMeta, label, type Row } from "./meta.ts";
import { ColourSwatch } from "../../ui/colour_field.tsx";
import type { ListData } from "./use_list_data.ts";
import * as css from "./list.css.ts";

/** The narrowest a column may be before its content is measured (and on the server's render). */
function columnWidth(f: FieldMeta): number {
  switch (f.kind) {
    case "boolean":
    case "number":
    case "money":
      return 96;
    case "date":
      return 130;
    default:
      return 120;
  }
}

/** Numbers, money, dates and yes/no keep their width; text columns share what is left. */
function fixedWidth(f: FieldMeta): boolean {
  return f.kind === "boolean" || f.kind === "number" || f.kind === "money" || f.kind === "date";
}

/** The widest a column grows to fit its values; longer ones end in an ellipsis (the full value on hover). */
const MAX_WIDTH = 360;
/** A header's sort arrow, filter button, gaps and paddings beside its text. */
const HEADER_EXTRA = 8 + 14 + 4 + 36 + 4 + 16 + 4;
const CELL_EXTRA = 16 + 4;

let canvas: HTMLCanvasElement | null = null;
/** Measures texts in one font (the canvas keeps the font for the whole pass). */
function measurer(font: string): (text: string) => number {
  canvas ??= document.createElement("canvas");
  const g = canvas.getContext("2d");
  if (!g) return (text) => text.length * 8;
  g.font = font;
  return (text) => g.measureText(text).width;
}

/**
 * Each column as wide as its header and the widest value loaded so far (within bounds), measured in the
 * grid's own font: document numbers, German headers and quantities are read whole. The rows in view are
 * measured as they come; columns only grow while the list is open, so scrolling does not make them jump.
 */
function useContentWidths(
  t: Translator,
  columns: FieldMeta[],
  rows: Row[],
  /** Changes when other rows come into view or load (their ids). */
  rowsKey: string,
  element: () => HTMLElement | null,
): Record<string, number> {
  const [widths, setWidths] = useState<Record<string, number>>({});
  const lang = t.lang;
  useLayoutEffect(() => {
    const el = element();
    if (!el) return;
    const style = getComputedStyle(el);
    const font = `${style.fontSize} ${style.fontFamily}`;
    const bold = `600 ${font}`;
    const headerWidth = measurer(bold);
    const headers = columns.map((c) => headerWidth(label(t, c)) + HEADER_EXTRA);
    const cellWidth = measurer(font);
    const cells = columns.map((c) =>
      Math.max(0, ...rows.map((r) => cellWidth(cellText(t, c, r)) + CELL_EXTRA))
    );
    setWidths((old) => {
      const next: Record<string, number> = {};
      let changed = false;
      columns.forEach((c, i) => {
        const w = Math.ceil(Math.min(MAX_WIDTH, Math.max(columnWidth(c), headers[i], cells[i])));
        next[c.name] = Math.max(w, old[c.name] ?? 0);
        if (next[c.name] !== old[c.name]) changed = true;
      });
      return changed ? { ...old, ...next } : old;
    });
    // Measured again when other columns show, other rows are in view (scrolled, sorted, reloaded) or the
    // language changes; not on every render.
  }, [columns.map((c) => c.name).join(","), rowsKey, lang]);
  return widths;
}

/** A value as one line of tab-separated text (what a spreadsheet pastes into cells). */
function tsvCell(text: string): string {
  return text.replace(/[\t\r\n]+/g, " ");
}

function FunnelIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M1 2h14l-5.5 6.5V14l-3-1.5V8.5z" fill="currentColor" />
    </svg>
  );
}

export interface GridProps {
  t: Translator;
  label: string;
  columns: FieldMeta[];
  data: ListData<Row>;
  sort: Sort;
  onSort: (column: string) => void;
  filters: ColumnFilter[];
  onFilter: (field: string, filter: ColumnFilter | null) => void;
  selected: ReadonlySet<number>;
  onSelectedChange: (selected: Set<number>) => void;
  onOpen: (row: Row) => void;
  /** A cell drawn by the screen; undefined: the generic text. */
  renderCell?: (field: FieldMeta, row: Row) => ReactNode | undefined;
  /** Compact rows (the user's choice; a touch screen keeps rows its fingers can hit). */
  compact?: boolean;
}

const COMPACT_ROW_HEIGHT = 30;

function coarsePointer(): boolean {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

export function Grid(p: GridProps) {
  const { t, data } = p;
  const id = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [headHeight, setHeadHeight] = useState(css.ROW_HEIGHT + 10);
  const compact = !!p.compact && !coarsePointer();
  const rowHeight = compact ? COMPACT_ROW_HEIGHT : css.ROW_HEIGHT;
  const [active, setActive] = useState<number | null>(null);
  const [openFilter, setOpenFilter] = useState<string | null>(null);
  const count = data.total ?? 0;

  useLayoutEffect(() => {
    const el = headRef.current;
    if (!el) return;
    const measure = () => setHeadHeight(el.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    // The sticky header sits above the rows inside the same scroll box.
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
  });
  useEffect(() => virtualizer.measure(), [rowHeight]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? -1;
  const last = items.at(-1)?.index ?? -1;

  const ensure = data.ensure;
  useEffect(() => {
    if (first >= 0) ensure(first, last);
  }, [first, last, ensure]);

  // A new list (sort, filter, reload to fewer rows) keeps the active row inside it.
  useEffect(() => {
    setActive((a) => (a === null ? null : count === 0 ? null : Math.min(a, count - 1)));
  }, [count]);

  const loaded = data.loadedRows();
  const inView = items.map((vi) => data.rowAt(vi.index)).filter((r): r is Row => r !== undefined);
  const widths = useContentWidths(
    t,
    p.columns,
    inView,
    inView.map((r) => r.id).join(","),
    () => scrollRef.current,
  );
  const widthOf = (c: FieldMeta) => widths[c.name] ?? columnWidth(c);
  const flexible = p.columns.some((c) => !fixedWidth(c));
  const checkWidth = compact ? 40 : 48;
  const template = `${checkWidth}px ${
    p.columns.map((c, i) =>
      fixedWidth(c) && (flexible || i < p.columns.length - 1)
        ? `${widthOf(c)}px`
        : `minmax(${widthOf(c)}px, 1fr)`
    ).join(" ")
  }`;
  const minWidth = checkWidth + p.columns.reduce((n, c) => n + widthOf(c), 0);
  const rowId = (i: number) => `${id}-row-${i}`;

  function moveTo(i: number) {
    if (count === 0) return;
    const next = Math.max(0, Math.min(count - 1, i));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: "auto" });
  }

  function toggle(row: Row | undefined, on?: boolean) {
    if (!row) return;
    const next = new Set(p.selected);
    if (on ?? !next.has(row.id)) next.add(row.id);
    else next.delete(row.id);
    p.onSelectedChange(next);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.target !== e.currentTarget || count === 0) return;
    const at = active ?? 0;
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      PageDown: at + pageRows,
      PageUp: at - pageRows,
      Home: 0,
      End: count - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      const target = active === null ? 0 : moves[e.key];
      moveTo(target);
      // Shift with an arrow extends the selection to the rows passed over.
      if (e.shiftKey && (e.key === "ArrowDown" || e.key === "ArrowUp")) toggle(data.rowAt(target), true);
    } else if (e.key === " ") {
      e.preventDefault();
      if (active === null) moveTo(0);
      else toggle(data.rowAt(active));
    } else if (e.key === "Enter") {
      const row = active === null ? undefined : data.rowAt(active);
      if (row) {
        e.preventDefault();
        p.onOpen(row);
      }
    }
  }

  const selectedLoaded = loaded.filter((r) => p.selected.has(r.id)).length;

  /**
   * Copy (Ctrl+C on the grid, nothing selected as text): the selected rows, or else the active one, with
   * the column headings, as tab-separated full values, whatever the cells cut off.
   */
  function onCopy(e: ClipboardEvent<HTMLDivElement>) {
    // Only a copy on the grid itself (a column filter's field, in a popover, copies its own text).
    if (e.target !== e.currentTarget) return;
    const selection = globalThis.getSelection?.();
    if (selection && !selection.isCollapsed && e.currentTarget.contains(selection.anchorNode)) return;
    const picked = selectedLoaded ? loaded.filter((r) => p.selected.has(r.id)) : [];
    const activeRow = active === null ? undefined : data.rowAt(active);
    const rows = picked.length ? picked : activeRow ? [activeRow] : [];
    if (!rows.length) return;
    const lines = [
      p.columns.map((c) => tsvCell(label(t, c))).join("\t"),
      ...rows.map((r) => p.columns.map((c) => tsvCell(cellText(t, c, r))).join("\t")),
    ];
    e.clipboardData.setData("text/plain", lines.join("\n"));
    e.preventDefault();
  }
  const activeRendered = active !== null && active >= first && active <= last;

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={p.label}
      aria-rowcount={data.total === null ? -1 : count + 1}
      aria-colcount={p.columns.length + 1}
      aria-multiselectable="true"
      aria-activedescendant={activeRendered ? rowId(active!) : undefined}
      tabIndex={0}
      className={css.grid}
      data-density={compact ? "compact" : "comfortable"}
      onKeyDown={onKeyDown}
      onCopy={onCopy}
      onFocus={(e) => {
        if (e.target !== e.currentTarget || active !== null || count === 0) return;
        // The first row fully in view (the sticky header covers the rows scrolled under it).
        const top = Math.ceil(e.currentTarget.scrollTop / rowHeight);
        setActive(Math.min(top, count - 1));
      }}
      data-testid="list-grid"
    >
      <div role="rowgroup" ref={headRef} className={css.head} style={{ minWidth }}>
        <div role="row" aria-rowindex={1} className={css.rowBase} style={{ gridTemplateColumns: template }}>
          <div role="columnheader" aria-colindex={1} className={css.checkCell}>
            <Checkbox
              label={t.t("list.selectAll")}
              isSelected={loaded.length > 0 && selectedLoaded === loaded.length}
              isIndeterminate={selectedLoaded > 0 && selectedLoaded < loaded.length}
              onChange={(on) => {
                const next = new Set(p.selected);
                for (const r of loaded) on ? next.add(r.id) : next.delete(r.id);
                p.onSelectedChange(next);
              }}
            />
          </div>
          {p.columns.map((c, i) => {
            const sorted = p.sort.column === c.name;
            const filter = p.filters.find((f) => f.field === c.name);
            return (
              <div
                key={c.name}
                role="columnheader"
                aria-colindex={i + 2}
                aria-sort={sorted ? (p.sort.descending ? "descending" : "ascending") : undefined}
                className={css.headerCell}
                data-column={c.name}
              >
                {c.list?.sortable
                  ? (
                    <AriaButton className={css.sortButton} onPress={() => p.onSort(c.name)}>
                      <span className={css.headerText}>{label(t, c)}</span>
                      <span aria-hidden="true">{sorted ? (p.sort.descending ? "▼" : "▲") : ""}</span>
                    </AriaButton>
                  )
                  : <span className={css.headerText}>{label(t, c)}</span>}
                {c.list?.filterable
                  ? (
                    <PopoverButton
                      label={t.t("list.filter", { column: label(t, c) })}
                      className={css.filterButton}
                      pressed={!!filter}
                      isOpen={openFilter === c.name}
                      onOpenChange={(open) => setOpenFilter(open ? c.name : null)}
                      content={(close) => (
                        <FilterEditor
                          t={t}
                          field={c}
                          current={filter}
                          onApply={(f) => {
                            p.onFilter(c.name, f);
                            close();
                          }}
                        />
                      )}
                    >
                      <FunnelIcon />
                    </PopoverButton>
                  )
                  : null}
              </div>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" className={css.body} style={{ height: virtualizer.getTotalSize(), minWidth }}>
        {data.total === 0 || (data.total === null && !data.error)
          ? (
            <div role="row" aria-rowindex={2} className={css.rowBase}>
              <div role="gridcell" aria-colspan={p.columns.length + 1} className={css.message}>
                {data.total === 0 ? t.t("list.empty") : t.t("common.loading")}
              </div>
            </div>
          )
          : null}
        {items.map((vi) => {
          const row = data.rowAt(vi.index);
          const isSelected = row ? p.selected.has(row.id) : false;
          return (
            <div
              key={vi.key}
              id={rowId(vi.index)}
              role="row"
              aria-rowindex={vi.index + 2}
              aria-selected={row ? isSelected : undefined}
              className={vi.index === active ? `${css.row} ${css.activeRow}` : css.row}
              style={{
                transform: `translateY(${vi.start - headHeight}px)`,
                gridTemplateColumns: template,
                height: rowHeight,
              }}
              data-row-id={row?.id}
              onClick={() => {
                setActive(vi.index);
                if (row) p.onOpen(row);
              }}
            >
              <div
                role="gridcell"
                aria-colindex={1}
                className={css.checkCell}
                onClick={(e) => {
                  e.stopPropagation();
                  setActive(vi.index);
                  toggle(row);
                }}
              >
                <span className={css.check} aria-hidden="true">{isSelected ? "✓" : ""}</span>
              </div>
              {p.columns.map((c, i) => {
                const text = row ? cellText(t, c, row) : "";
                return (
                  <div
                    key={c.name}
                    role="gridcell"
                    aria-colindex={i + 2}
                    className={c.kind === "number" || c.kind === "money"
                      ? `${css.cell} ${css.numberCell}`
                      : css.cell}
                    title={text || undefined}
                  >
                    {row && c.kind === "colour"
                      ? <ColourSwatch value={row[c.name] as string | null} />
                      : null}
                    {row ? (p.renderCell?.(c, row) ?? text) : i === 0 ? t.t("common.loading") : ""}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
