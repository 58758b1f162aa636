// What the server refused on sync, for the operator to resolve: retried, dropped knowingly, or (warnings
// alone) confirmed anyway.
import { Button as AriaButton } from "react-aria-components/Button";
import { useT } from "../../i18n/use_t.ts";
import type { Queue, QueueEntry } from "./queue.ts";
import { acceptingWarnings } from "./scan_machine.ts";
import * as css from "./terminal.css.ts";

export function Refusals(p: { entries: QueueEntry[]; queue: Queue; onFlush: () => void }) {
  const t = useT();
  const { queue } = p;
  const confirmAnyway = async (e: QueueEntry) => {
    await queue.retry(e.seq!, acceptingWarnings(e));
    p.onFlush();
  };
  return (
    <section className={css.card} aria-labelledby="terminal-refused" data-testid="terminal-refused">
      <h3 id="terminal-refused" className={css.big}>
        {t.plural("terminal.refused", p.entries.length, { count: p.entries.length })}
      </h3>
      <ul className={css.list}>
        {p.entries.map((e) => (
          <li key={e.seq} className={css.item}>
            <div>
              <div className={css.big}>{e.label}</div>
              <div className={css.problem}>
                {e.refusal?.code === "terminal.missingRecord"
                  ? t.t("terminal.missingRecord")
                  : e.refusal?.message || t.t("error.unknown")}
              </div>
            </div>
            <div className={css.row}>
              {e.refusal?.warningsOnly && (
                <AriaButton
                  className={css.button}
                  onPress={() => void confirmAnyway(e)}
                >
                  {t.t("terminal.confirmAnyway")}
                </AriaButton>
              )}
              <AriaButton
                className={css.secondary}
                onPress={() => void queue.retry(e.seq!).then(p.onFlush)}
              >
                {t.t("terminal.retry")}
              </AriaButton>
              <AriaButton className={css.danger} onPress={() => void queue.drop(e.seq!).then(p.onFlush)}>
                {t.t("terminal.drop")}
              </AriaButton>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
