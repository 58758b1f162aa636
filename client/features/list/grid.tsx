// The virtualized table (ARIA grid): only the rows in view are in the page, pages of rows are fetched
// as they scroll in. One tab stop: the grid itself, whose active row (aria-activedescendant) moves with
// the arrow keys; Space selects it, Enter opens it. Column headers sort (aria-sort) and filter.
// The key columns (columns.ts) come first and stay pinned while the others scroll sideways; the grid's
// box ends within the window, so its horizontal scroll bar is in view; a grid narrower than a tablet shows
// each row as a card of its key fields (the same rows, cells, selection and opening).
import {
  type ClipboardEvent,
  type CSSProperties,
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
import { Checkbox } from "../../ui/controls.tsx";
import type { ColumnFilter, Sort } from "./filters.ts";
import { cellText, type FieldMeta, label, type Row } from "./meta.ts";
import { ColourSwatch } from "../../ui/colour_field.tsx";
import type { ListData } from "./use_list_data.ts";
import {
  CARD_BREAKPOINT,
  cardLines,
  columnWidth,
  fitKeys,
  fixedWidth,
  keyColumns,
  orderColumns,
  pinnedCount,
} from "./columns.ts";
import { MEASURE_ATTRIBUTE, useColumnWidths } from "./use_column_widths.ts";
import { HeaderCell } from "./header_cell.tsx";
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

const COMPACT_ROW_HEIGHT = 30;
/** A card's first guess, before the rows in view are measured. */
const CARD_HEIGHT = 64;
/** The grid's box is never lower than this, even far down a page. */
const MIN_BOX = 320;
/** The share of the window's height a list of cards may take. */
const CARDS_SHARE = 0.75;
/** Room kept below the box, above the window's edge. */
const BOTTOM_GAP = 16;

function coarsePointer(): boolean {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/** Follows an element's inner width (0 until it is laid out, as on the server). */
function useWidth(ref: { current: HTMLElement | null }): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return width;
}

/** Whether the element stands in a box fixed to the window (a dialog's). */
function inFixedBox(el: HTMLElement): boolean {
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).position === "fixed") return true;
  }
  return false;
}

/**
 * The tallest the grid's box may be: down to the window's bottom edge from where the box starts on the
 * page, so that its bottom (and the horizontal scroll bar there) is in view without scrolling the page.
 * Cards (a phone, where the toolbar above takes half the screen) get most of the window's height once the
 * page is scrolled to them.
 */
function useFitHeight(ref: { current: HTMLElement | null }, cards: boolean): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const fit = () => {
      const el = ref.current;
      if (!el) return;
      // Where the box starts on the page (in a dialog, which does not scroll with the page: in the window).
      const top = el.getBoundingClientRect().top + (inFixedBox(el) ? 0 : globalThis.scrollY);
      const least = cards ? Math.round(globalThis.innerHeight * CARDS_SHARE) : MIN_BOX;
      const next = Math.max(least, Math.floor(globalThis.innerHeight - top - BOTTOM_GAP));
      setHeight((old) => (old === next ? old : next));
    };
    fit();
    globalThis.addEventListener("resize", fit);
    // What stands above the box (filter chips, a notice) moves it down.
    const observer = new ResizeObserver(fit);
    observer.observe(document.body);
    return () => {
      globalThis.removeEventListener("resize", fit);
      observer.disconnect();
    };
  }, [cards]);
  return height;
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
  const lines = cardLines(p.columns);
  const { widths, headers } = useColumnWidths(
    t,
    columns,
    inView,
    inView.map((r) => r.id).join(","),
    () => scrollRef.current,
    p.renderCell,
  );
  const measured = (c: FieldMeta) => widths[c.name] ?? columnWidth(c);
  const checkWidth = compact ? 40 : 48;
  const fitted = fitKeys(keyColumns(p.columns), measured, (c) => headers[c.name] ?? 0, checkWidth, boxWidth);
  const widthOf = (c: FieldMeta) => fitted[c.name] ?? measured(c);
  const pinned = cards ? 0 : pinnedCount(columns, keyCount, widthOf, checkWidth, boxWidth);
  const loose = columns.slice(pinned);
  const flexible = loose.some((c) => !fixedWidth(c));
  const template = `${checkWidth}px ${
    columns.map((c, i) =>
      i < pinned || (fixedWidth(c) && (flexible || i < columns.length - 1))
        ? `${widthOf(c)}px`
        : `minmax(${widthOf(c)}px, 1fr)`
    ).join(" ")
  }`;
  const minWidth = cards ? undefined : checkWidth + columns.reduce((n, c) => n + widthOf(c), 0);
  // Each pinned column's distance from the grid's left edge, behind the row check and the pinned before it.
  const pinLeft: number[] = [];
  columns.slice(0, pinned).reduce((left, c) => {
    pinLeft.push(left);
    return left + widthOf(c);
  }, checkWidth);
  const pinStyle = (i: number): CSSProperties | undefined => i < pinned ? { left: pinLeft[i] } : undefined;
  const pinClass = (i: number, base: string) =>
    i < pinned ? `${base} ${css.pinned}${i === pinned - 1 ? ` ${css.pinEdge}` : ""}` : base;
  const checkClass = (base: string) => (pinned ? `${base} ${css.pinned}` : base);
  // A card shows its key fields only: the first line's, then the second's.
  const lineOf = (c: FieldMeta) => (lines.first.includes(c) ? 1 : lines.second.includes(c) ? 2 : 0);
  const shown = cards ? columns.filter((c) => lineOf(c) > 0) : columns;
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
      <div role="rowgroup" ref={headRef} className={css.head} style={{ minWidth }}>
        <div
          role="row"
          aria-rowindex={1}
          className={css.headRow}
          style={cards ? undefined : { gridTemplateColumns: template }}
        >
          <div role="columnheader" aria-colindex={1} className={checkClass(css.checkCell)}>
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
          {columns.map((c, i) =>
            cards && !lineOf(c) ? null : (
              <HeaderCell
                key={c.name}
                t={t}
                field={c}
                index={i + 2}
                className={pinClass(i, css.headerCell)}
                style={pinStyle(i)}
                sort={p.sort}
                onSort={p.onSort}
                filter={p.filters.find((f) => f.field === c.name)}
                onFilter={p.onFilter}
                filterOpen={openFilter === c.name}
                onFilterOpen={(open) => setOpenFilter(open ? c.name : null)}
              />
            )
          )}
        </div>
      </div>
      <div role="rowgroup" className={css.body} style={{ height: virtualizer.getTotalSize(), minWidth }}>
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
          const isSelected = row ? p.selected.has(row.id) : false;
          return (
            <div
              key={vi.key}
              id={rowId(vi.index)}
              ref={cards ? virtualizer.measureElement : undefined}
              data-index={vi.index}
              role="row"
              aria-rowindex={vi.index + 2}
              aria-selected={row ? isSelected : undefined}
              className={vi.index === active ? `${css.row} ${css.activeRow}` : css.row}
              style={cards ? { transform: `translateY(${vi.start - headHeight}px)` } : {
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
                className={checkClass(css.checkCell)}
                onClick={(e) => {
                  e.stopPropagation();
                  setActive(vi.index);
                  toggle(row);
                }}
              >
                <span className={css.check} aria-hidden="true">{isSelected ? "✓" : ""}</span>
              </div>
              {shown.map((c) => {
                const i = columns.indexOf(c);
                const text = row ? cellText(t, c, row) : "";
                const line = cards ? lineOf(c) : undefined;
                const body = row ? content(c, row, text) : i === 0 ? t.t("common.loading") : "";
                return (
                  <div
                    key={c.name}
                    role="gridcell"
                    aria-colindex={i + 2}
                    className={pinClass(
                      i,
                      c.kind === "number" || c.kind === "money" ? `${css.cell} ${css.numberCell}` : css.cell,
                    )}
                    style={pinStyle(i)}
                    title={text || undefined}
                    data-column={c.name}
                    data-line={line}
                  >
                    {line === 2 && body !== ""
                      ? <span className={css.cardLabel} aria-hidden="true">{label(t, c)}</span>
                      : null}
                    {row && c.kind === "colour"
                      ? <ColourSwatch value={row[c.name] as string | null} />
                      : null}
                    {body}
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
