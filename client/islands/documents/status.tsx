// A document's status as a coloured badge (the colour repeats what its text says) and its progress as a
// bar with the percentage beside it.
import type { Translator } from "../../i18n/mod.ts";
import type { PlainKey } from "../list/meta.ts";
import * as css from "./documents.css.ts";

/** The badge's colours: a document's own status, or what another status means (`variant`). */
export type BadgeVariant = keyof typeof css.badge;

export function StatusBadge(p: { t: Translator; status: string; variant?: BadgeVariant }) {
  const variant = p.variant ?? (p.status in css.badge ? p.status as BadgeVariant : "workingCopy");
  return (
    <span className={css.badge[variant]} data-status={p.status}>
      {p.t.t(`option.statusCode.${p.status}` as PlainKey)}
    </span>
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
