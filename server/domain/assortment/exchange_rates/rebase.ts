// Exchange rates moved to another base currency (pure). A rate says how many units of the base currency one
// unit of its currency is worth. With the new base N worth r units of the old base B, every other currency
// X is worth rate(X) / r of N, and B itself 1 / r of N: N's own row becomes B's (or B's row, when there is
// one, takes that rate and N's row goes), since a base needs no rate of its own.

export interface RateRow {
  id: number;
  currencySign: string;
  shortName: string | null;
  fullName: string | null;
  baseRate: number;
}

export type RateChange =
  | { kind: "update"; id: number; set: Partial<Omit<RateRow, "id">> }
  | { kind: "delete"; id: number };

/** Ten significant digits: a rate moved there and back comes back as it was typed. */
export const rounded = (v: number) => Number(v.toPrecision(10));

/**
 * The changes that restate `rows` (rates against `oldBase`) against `newBase`; null when no row says what
 * the new base is worth, so nothing can be restated. `oldBaseNames`: the old base's names, for its new row.
 */
export function rebaseRates(
  rows: readonly RateRow[],
  oldBase: string,
  newBase: string,
  oldBaseNames: { shortName: string | null; fullName: string | null },
): RateChange[] | null {
  const pivot = rows.find((r) => r.currencySign === newBase);
  if (!pivot || !(pivot.baseRate > 0)) return null;
  const r = pivot.baseRate;
  const changes: RateChange[] = [];
  const oldRow = rows.find((row) => row.currencySign === oldBase);
  for (const row of rows) {
    if (row === pivot || row === oldRow) continue;
    changes.push({ kind: "update", id: row.id, set: { baseRate: rounded(row.baseRate / r) } });
  }
  if (oldRow) {
    changes.push({ kind: "update", id: oldRow.id, set: { baseRate: rounded(1 / r) } });
    changes.push({ kind: "delete", id: pivot.id });
  } else {
    changes.push({
      kind: "update",
      id: pivot.id,
      set: { currencySign: oldBase, ...oldBaseNames, baseRate: rounded(1 / r) },
    });
  }
  return changes;
}

/** A currency's sign and name as the language writes them ("€", "euro"); its code where Intl knows none. */
export function currencyNames(code: string, lang: string): { shortName: string; fullName: string } {
  let shortName = code;
  let fullName = code;
  try {
    shortName =
      new Intl.NumberFormat(lang, { style: "currency", currency: code, currencyDisplay: "narrowSymbol" })
        .formatToParts(0).find((p) => p.type === "currency")?.value ?? code;
    fullName = new Intl.DisplayNames([lang], { type: "currency" }).of(code) ?? code;
  } catch {
    // Not a code Intl takes: the code it is.
  }
  return { shortName, fullName };
}
