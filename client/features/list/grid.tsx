// The virtualized table (ARIA grid): only the rows in view are in the page, pages of rows are fetched
// as they scroll in. One tab stop: the grid itself, whose active row (aria-activedescendant) moves with
// the arrow keys; Space selects it, Enter opens it. Column headers sort (aria-sort) and filter.
// The key columns (columns.ts) come first and stay pinned while the others scroll sideways; the grid's
// box ends within the window, so its horizontal scroll bar is in view; a grid narrower than a tablet shows
// each row as a card of its key fields (the same rows, cells, selection and opening).
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
import type { Translator } from "../../../shared/i18n/mod.ts";
import type { ColumnFilter, Sort } from "./filters.ts";
import { cellText, type FieldMeta, label, type Row } from "./meta.ts";
import type { ListData } from "./use_list_data.ts";
import { CARD_BREAKPOINT, keyColumns, orderColumns } from "./columns.ts";
import { MEASURE_ATTRIBUTE, useColumnWidths } from "./use_column_widths.ts";
import {
  CARD_HEIGHT,
  coarsePointer,
  columnLayout,
  COMPACT_ROW_HEIGHT,
  useFitHeight,
  useWidth,
} from "./grid_layout.ts";
import { GridHeadRow, GridRow } from "./grid_row.tsx";
import * as css from "./list.css.ts";

/** A value as one line of tab-separated text (what a spreadsheet pastes into cells). */
function tsvCell(text: string): string {
  return text.replace(/[\t\r\n]+/g, " ");
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

export function Grid(p: GridProps) {
  const { t, data } = p;
  const id = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [headHeight, setHeadHeight] = useState(css.ROW_HEIGHT + 10);
  const boxWidth = useWidth(scrollRef);
  const cards = boxWidth > 0 && boxWidth <= CARD_BREAKPOINT;
  const maxHeight = useFitHeight(scrollRef, cards);
  const compact = !!p.compact && !coarsePointer();
  const rowHeight = cards ? CARD_HEIGHT : compact ? COMPACT_ROW_HEIGHT : css.ROW_HEIGHT;
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
  // Cards are as tall as their lines; a table's rows are all of one height.
  useEffect(() => virtualizer.measure(), [rowHeight, cards]);
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
  const columns = orderColumns(p.columns);
  const keyCount = keyColumns(p.columns).length;
  const { widths, headers } = useColumnWidths(
    t,
    columns,
    inView,
    inView.map((r) => r.id).join(","),
    () => scrollRef.current,
    p.renderCell,
  );
  const checkWidth = compact ? 40 : 48;
  const layout = columnLayout({
    columns,
    all: p.columns,
    keyCount,
    widths,
    headers,
    checkWidth,
    boxWidth,
    cards,
  });
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
      columns.map((c) => tsvCell(label(t, c))).join("\t"),
      ...rows.map((r) => columns.map((c) => tsvCell(cellText(t, c, r))).join("\t")),
    ];
    e.clipboardData.setData("text/plain", lines.join("\n"));
    e.preventDefault();
  }
  const activeRendered = active !== null && active >= first && active <= last;

  /** A cell's content: the screen's own (measured as laid out), else the value as text. */
  function content(c: FieldMeta, row: Row, text: string): ReactNode {
    const own = p.renderCell?.(c, row);
    if (own === undefined) return text;
    if (typeof own === "string") return own;
    return <span className={css.drawn} {...{ [MEASURE_ATTRIBUTE]: c.name }}>{own}</span>;
  }

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={p.label}
      aria-rowcount={data.total === null ? -1 : count + 1}
      aria-colcount={columns.length + 1}
      aria-multiselectable="true"
      aria-activedescendant={activeRendered ? rowId(active!) : undefined}
      tabIndex={0}
      className={css.grid}
      style={maxHeight === undefined ? undefined : { maxHeight }}
      data-density={compact ? "compact" : "comfortable"}
      data-layout={cards ? "cards" : "table"}
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
      <div role="rowgroup" ref={headRef} className={css.head} style={{ minWidth: layout.minWidth }}>
        <GridHeadRow
          t={t}
          layout={layout}
          columns={columns}
          cards={cards}
          loaded={loaded}
          selected={p.selected}
          selectedLoaded={selectedLoaded}
          onSelectedChange={p.onSelectedChange}
          sort={p.sort}
          onSort={p.onSort}
          filters={p.filters}
          onFilter={p.onFilter}
          openFilter={openFilter}
          onFilterOpen={setOpenFilter}
        />
      </div>
      <div
        role="rowgroup"
        className={css.body}
        style={{ height: virtualizer.getTotalSize(), minWidth: layout.minWidth }}
      >
        {data.total === 0 || (data.total === null && !data.error)
          ? (
            <div role="row" aria-rowindex={2} className={css.rowBase}>
              <div role="gridcell" aria-colspan={columns.length + 1} className={css.message}>
                {data.total === 0 ? t.t("list.empty") : t.t("common.loading")}
              </div>
            </div>
          )
          : null}
        {items.map((vi) => {
          const row = data.rowAt(vi.index);
          return (
            <GridRow
              key={vi.key}
              t={t}
              layout={layout}
              columns={columns}
              cards={cards}
              id={rowId(vi.index)}
              index={vi.index}
              row={row}
              isSelected={row ? p.selected.has(row.id) : false}
              active={vi.index === active}
              top={vi.start - headHeight}
              height={rowHeight}
              measure={cards ? virtualizer.measureElement : undefined}
              content={content}
              onActivate={() => setActive(vi.index)}
              onToggle={() => toggle(row)}
              onOpen={p.onOpen}
            />
          );
        })}
      </div>
    </div>
  );
}
