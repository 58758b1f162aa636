// What the operator types at a step: a quantity in their language's number format, a lot's dates and
// serial number.
import { useEffect, useRef, useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { useT } from "../../i18n/use_t.ts";
import { readTyped, useNumberMarks } from "../../ui/number_text.ts";
import { formatDay } from "../../../shared/list/format.ts";
import type { TerminalProduct } from "./data.ts";
import { missingLot } from "./flow.ts";
import { dateExample, type Lot } from "./scan_machine.ts";
import * as css from "./terminal.css.ts";

/** A quantity typed in the user's language ("1,5" in Polish); one it cannot read unambiguously is asked about. */
export function QuantityEntry(p: { label: string; initial?: number; onTake: (q: number) => void }) {
  const t = useT();
  const [value, setValue] = useState(
    p.initial === undefined ? "" : t.number(p.initial, { useGrouping: false, maximumFractionDigits: 3 }),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const marks = useNumberMarks(t.lang);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <form
      className={css.scanRow}
      onSubmit={(e) => {
        e.preventDefault();
        const read = readTyped(t, value, marks);
        setProblem(read.problem ?? null);
        if (read.problem === undefined) p.onTake(read.value);
      }}
    >
      <label className={css.field}>
        {p.label}
        <input
          ref={ref}
          className={css.numberField}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "terminal-quantity-problem" : undefined}
          data-testid="terminal-quantity"
        />
      </label>
      {problem ? <p id="terminal-quantity-problem" role="alert" className={css.sub}>{problem}</p> : null}
      <AriaButton type="submit" className={css.button} data-testid="terminal-quantity-ok">
        {t.t("terminal.ok")}
      </AriaButton>
    </form>
  );
}

export function LotEntry(p: { product: TerminalProduct; lot: Lot; onTake: (lot: Lot) => void }) {
  const t = useT();
  const [lot, setLot] = useState<Lot>(p.lot);
  const need = missingLot(p.product, p.lot);
  return (
    <form
      className={css.card}
      onSubmit={(e) => {
        e.preventDefault();
        p.onTake(lot);
      }}
    >
      {need.some((field) => field !== "serialNumber") && (
        <p className={css.sub}>{t.t("terminal.lotHint", { example: formatDay(t, dateExample()) })}</p>
      )}
      {need.map((field, n) => (
        <label key={field} className={css.field}>
          {t.t(`terminal.lot.${field}`)}
          <input
            className={css.scanField}
            type={field === "serialNumber" ? "text" : "date"}
            autoFocus={n === 0}
            value={lot[field] ?? ""}
            onChange={(e) => setLot({ ...lot, [field]: e.target.value || null })}
            data-testid={`terminal-${field}`}
          />
        </label>
      ))}
      <AriaButton type="submit" className={css.button} data-testid="terminal-lot-ok">
        {t.t("terminal.ok")}
      </AriaButton>
    </form>
  );
}
