// The terminal's frame: whether the server is reached and how much waits to be sent, what the last scan
// was answered, the gun's suffix setting, and the buttons of a task (shortage, skip, finish, leave).
import { Button as AriaButton } from "react-aria-components/Button";
import { reportError } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { type ScannerSuffix, scannerSuffixes, setScannerSuffix } from "../../shell/chrome.tsx";
import type { Position } from "./flow.ts";
import type { Task } from "./scan_machine.ts";
import type { Say } from "./use_scan_machine.ts";
import * as css from "./terminal.css.ts";

export function StatusBar(p: { online: boolean; pending: number; number: string | null }) {
  const t = useT();
  return (
    <div className={css.status} role="status" aria-live="polite">
      <span className={p.online ? css.online : css.offline} data-testid="terminal-online">
        {p.online ? t.t("terminal.online") : t.t("terminal.offline")}
      </span>
      <span className={css.pill} data-testid="terminal-queue">
        {t.plural("terminal.queued", p.pending, { count: p.pending })}
      </span>
      {p.number !== null && <span className={css.pill}>{p.number}</span>}
    </div>
  );
}

/** What the last scan (or step) was answered: green, amber (taken, not as suggested) or red. */
export function SayLine(p: { say: NonNullable<Say> }) {
  const { say } = p;
  return (
    <div
      className={say.kind === "error" ? css.refusal : say.kind === "warn" ? css.warning : css.success}
      role={say.kind === "error" ? "alert" : "status"}
      data-testid="terminal-say"
      data-kind={say.kind}
    >
      {say.text}
    </div>
  );
}

/** What the user's scanner gun ends a scan with, kept in their settings (also in the user's menu). */
export function SuffixSetting(p: { value: ScannerSuffix }) {
  const t = useT();
  return (
    <label className={css.selectLabel}>
      {t.t("terminal.suffix")}
      <select
        className={css.select}
        value={p.value}
        onChange={(e) => {
          const value = scannerSuffixes.find((v) => v === e.target.value);
          if (value) setScannerSuffix(value).catch(reportError);
        }}
      >
        {scannerSuffixes.map((v) => <option key={v} value={v}>{t.t(`terminal.suffix.${v}`)}</option>)}
      </select>
    </label>
  );
}

/** A document's buttons: the current position short or skipped, the rest short, the document finished. */
export function TaskActions(
  p: {
    task: Task;
    target: Position | null;
    todo: Position[];
    picked: boolean;
    onShortage: (which: Position[]) => void;
    onSkip: (id: number | string) => void;
    onFinish: () => void;
  },
) {
  const t = useT();
  const { task, target, todo } = p;
  return (
    <div className={css.row}>
      {target && (
        <>
          <AriaButton
            className={css.danger}
            onPress={() => p.onShortage([target])}
            data-testid="terminal-shortage"
          >
            {t.t("terminal.shortage")}
          </AriaButton>
          <AriaButton className={css.secondary} onPress={() => p.onSkip(target.id)}>
            {t.t("terminal.skip")}
          </AriaButton>
        </>
      )}
      {task.pick && todo.length > 0 && !task.finishing && (
        <AriaButton
          className={css.danger}
          onPress={() => p.onShortage(todo)}
          data-testid="terminal-rest-short"
        >
          {t.t("terminal.restShort")}
        </AriaButton>
      )}
      <AriaButton
        className={css.button}
        onPress={p.onFinish}
        isDisabled={task.finishing ||
          (task.pick ? todo.length > 0 || !p.picked : task.positions.length === 0)}
        data-testid="terminal-finish"
      >
        {t.t("terminal.finish")}
      </AriaButton>
    </div>
  );
}

/** Leaving the task (it stays as it is on the server), or starting the step over. */
export function LeaveRow(p: { startOver: boolean; onLeave: () => void; onStartOver: () => void }) {
  const t = useT();
  return (
    <div className={css.row}>
      <AriaButton className={css.secondary} onPress={p.onLeave}>
        {t.t("terminal.leave")}
      </AriaButton>
      {p.startOver
        ? (
          <AriaButton className={css.secondary} onPress={p.onStartOver}>
            {t.t("terminal.startOver")}
          </AriaButton>
        )
        : null}
    </div>
  );
}
