// The grid's rows: the header row (the select-all check and each column's sort and filter) and one row of
// cells (its check, then each column's text or the screen's own drawing, a card's second line labelled).
import type { ReactNode, Ref } from "react";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { Checkbox } from "../../ui/controls.tsx";
import { ColourSwatch } from "../../ui/colour_field.tsx";
import type { ColumnFilter, Sort } from "./filters.ts";
import { cellText, type FieldMeta, label, type Row } from "./meta.ts";
import { HeaderCell } from "./header_cell.tsx";
import type { ColumnLayout } from "./grid_layout.ts";
import * as css from "./list.css.ts";

export function GridHeadRow(p: {
  t: Translator;
  layout: ColumnLayout;
  columns: FieldMeta[];
  cards: boolean;
  loaded: Row[];
  selected: ReadonlySet<number>;
  selectedLoaded: number;
  onSelectedChange: (selected: Set<number>) => void;
  sort: Sort;
  onSort: (column: string) => void;
  filters: ColumnFilter[];
  onFilter: (field: string, filter: ColumnFilter | null) => void;
  openFilter: string | null;
  onFilterOpen: (column: string | null) => void;
}) {
  const { t, layout: L } = p;
  return (
    <div
      role="row"
      aria-rowindex={1}
      className={css.headRow}
      style={p.cards ? undefined : { gridTemplateColumns: L.template }}
    >
      <div role="columnheader" aria-colindex={1} className={L.checkClass(css.checkCell)}>
        <Checkbox
          label={t.t("list.selectAll")}
          isSelected={p.loaded.length > 0 && p.selectedLoaded === p.loaded.length}
          isIndeterminate={p.selectedLoaded > 0 && p.selectedLoaded < p.loaded.length}
          onChange={(on) => {
            const next = new Set(p.selected);
            for (const r of p.loaded) on ? next.add(r.id) : next.delete(r.id);
            p.onSelectedChange(next);
          }}
        />
      </div>
      {p.columns.map((c, i) =>
        p.cards && !L.lineOf(c) ? null : (
          <HeaderCell
            key={c.name}
            t={t}
            field={c}
            index={i + 2}
            className={L.pinClass(i, css.headerCell)}
            style={L.pinStyle(i)}
            sort={p.sort}
            onSort={p.onSort}
            filter={p.filters.find((f) => f.field === c.name)}
            onFilter={p.onFilter}
            filterOpen={p.openFilter === c.name}
            onFilterOpen={(open) => p.onFilterOpen(open ? c.name : null)}
          />
        )
      )}
    </div>
  );
}

export function GridRow(p: {
  t: Translator;
  layout: ColumnLayout;
  columns: FieldMeta[];
  cards: boolean;
  id: string;
  index: number;
  row: Row | undefined;
  isSelected: boolean;
  active: boolean;
  /** Where the row stands below the header, and its height (a table's; a card is as tall as its lines). */
  top: number;
  height: number;
  measure: Ref<HTMLDivElement> | undefined;
  content: (c: FieldMeta, row: Row, text: string) => ReactNode;
  onActivate: () => void;
  onToggle: () => void;
  onOpen: (row: Row) => void;
}) {
  const { t, row, layout: L } = p;
  return (
    <div
      id={p.id}
      ref={p.measure}
      data-index={p.index}
      role="row"
      aria-rowindex={p.index + 2}
      aria-selected={row ? p.isSelected : undefined}
      className={p.active ? `${css.row} ${css.activeRow}` : css.row}
      style={p.cards ? { transform: `translateY(${p.top}px)` } : {
        transform: `translateY(${p.top}px)`,
        gridTemplateColumns: L.template,
        height: p.height,
      }}
      data-row-id={row?.id}
      onClick={() => {
        p.onActivate();
        if (row) p.onOpen(row);
      }}
    >
      <div
        role="gridcell"
        aria-colindex={1}
        className={L.checkClass(css.checkCell)}
        onClick={(e) => {
          e.stopPropagation();
          p.onActivate();
          p.onToggle();
        }}
      >
        <span className={css.check} aria-hidden="true">{p.isSelected ? "✓" : ""}</span>
      </div>
      {L.shown.map((c) => {
        const i = p.columns.indexOf(c);
        const text = row ? cellText(t, c, row) : "";
        const line = p.cards ? L.lineOf(c) : undefined;
        const body = row ? p.content(c, row, text) : i === 0 ? t.t("common.loading") : "";
        return (
          <div
            key={c.name}
            role="gridcell"
            aria-colindex={i + 2}
            className={L.pinClass(
              i,
              c.kind === "number" || c.kind === "money" ? `${css.cell} ${css.numberCell}` : css.cell,
            )}
            style={L.pinStyle(i)}
            title={text || undefined}
            data-column={c.name}
            data-line={line}
          >
            {line === 2 && body !== ""
              ? <span className={css.cardLabel} aria-hidden="true">{label(t, c)}</span>
              : null}
            {row && c.kind === "colour" ? <ColourSwatch value={row[c.name] as string | null} /> : null}
            {body}
          </div>
        );
      })}
    </div>
  );
}
