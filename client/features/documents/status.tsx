// A status as a coloured badge (the colour repeats what its text says) and progress as a bar with the
// percentage beside it. The colours are the spec's numbered statuses' (shared/config/statuses.ts:
// 112–132 a document's status, 141–149 an order's process status).
import type { Translator } from "../../../shared/i18n/mod.ts";
import type { PlainKey } from "../list/meta.ts";
import {
  documentStatusNumbers,
  processStatusNumbers,
  type StatusNumber,
} from "../../../shared/config/statuses.ts";
import * as css from "./documents.css.ts";

export type { StatusNumber };

/** A document's status, or an order's (closed by hand or put away: as its process status says). */
const numberOfStatus: Record<string, StatusNumber> = {
  ...documentStatusNumbers,
  closedManually: processStatusNumbers.closedManually,
  archived: processStatusNumbers.archived,
};

/** A badge in a numbered status's colours; `label` when its text is not `option.statusCode.<status>`. */
export function StatusBadge(p: { t: Translator; status: string; number?: StatusNumber; label?: string }) {
  const n = p.number ?? numberOfStatus[p.status] ?? processStatusNumbers.unknown;
  return (
    <span className={css.statusBadge[`s${n}`]} data-status={p.status} data-status-number={n}>
      {p.label ?? p.t.t(`option.statusCode.${p.status}` as PlainKey)}
    </span>
  );
}

/** An order's process status: 141 pending ... 149 unknown. */
export function ProcessBadge(p: { t: Translator; status: string }) {
  const n = processStatusNumbers[p.status as keyof typeof processStatusNumbers] ??
    processStatusNumbers.unknown;
  return (
    <StatusBadge
      t={p.t}
      status={p.status}
      number={n}
      label={p.t.t(`option.processStatusCode.${p.status}` as PlainKey)}
    />
  );
}

export function Progress(p: { t: Translator; percent: number }) {
  const percent = Math.max(0, Math.min(100, Math.round(p.percent)));
  const text = p.t.t("documents.progress", { percent: p.t.number(percent) });
  return (
    <span className={css.progress}>
      <span
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={text}
        className={css.progressTrack}
      >
        <span className={css.progressFill} style={{ width: `${percent}%` }} />
      </span>
      <span aria-hidden="true">{p.t.number(percent)}%</span>
    </span>
  );
}
