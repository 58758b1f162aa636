// A column's header in the list's grid: its label, which sorts the list when the column sorts (aria-sort),
// and the filter button with its editor when the column filters.
import type { CSSProperties } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { PopoverButton } from "../../ui/popover.tsx";
import type { ColumnFilter, Sort } from "./filters.ts";
import { FilterEditor } from "./filter_editor.tsx";
import { type FieldMeta, label } from "./meta.ts";
import * as css from "./list.css.ts";

function FunnelIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M1 2h14l-5.5 6.5V14l-3-1.5V8.5z" fill="currentColor" />
    </svg>
  );
}

export function HeaderCell(p: {
  t: Translator;
  field: FieldMeta;
  /** aria-colindex */
  index: number;
  className: string;
  style?: CSSProperties;
  sort: Sort;
  onSort: (column: string) => void;
  filter: ColumnFilter | undefined;
  onFilter: (field: string, filter: ColumnFilter | null) => void;
  filterOpen: boolean;
  onFilterOpen: (open: boolean) => void;
}) {
  const { t, field: c } = p;
  const sorted = p.sort.column === c.name;
  return (
    <div
      role="columnheader"
      aria-colindex={p.index}
      aria-sort={sorted ? (p.sort.descending ? "descending" : "ascending") : undefined}
      className={p.className}
      style={p.style}
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
            pressed={!!p.filter}
            isOpen={p.filterOpen}
            onOpenChange={p.onFilterOpen}
            content={(close) => (
              <FilterEditor
                t={t}
                field={c}
                current={p.filter}
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
}
