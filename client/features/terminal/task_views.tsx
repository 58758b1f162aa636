// The task's positions (what is left in walking order, what is done), and, with no task, the open
// documents (or counts) to choose from.
import { type ReactNode, useEffect, useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import { type Kind, left, placeOf, type Position } from "./flow.ts";
import { openTasks } from "./remote.ts";
import type { Rec, Task } from "./scan_machine.ts";
import * as css from "./terminal.css.ts";

export function TaskPositions(
  p: {
    kind: Kind;
    task: Task;
    todo: Position[];
    target: Position | null;
    label: (id: number | null) => string;
  },
) {
  const t = useT();
  const { task } = p;
  if (p.kind === "check") {
    return (
      <section aria-label={t.t("terminal.positions")}>
        <ul className={css.list}>
          {task.positions.map((x) => (
            <li key={x.id} className={css.item}>
              <span className={css.big}>{x.productIndex}</span>
              <span>{x.productName}{x.expiryDate ? ` · ${t.day(x.expiryDate)}` : ""}</span>
              <span>
                {x.quantityReal === null
                  ? t.t("terminal.notCounted")
                  : t.t("terminal.countedShort", { quantity: x.quantityReal })}
              </span>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  // Carrying out positions: what is done (or short); adding them: everything added so far.
  const done = task.pick ? task.positions.filter((x) => left(x) === 0 || x.short) : task.positions;
  const place = (x: Position) => p.label(placeOf(p.kind, x, task));
  const show = (x: Position, cls: string): ReactNode => (
    <li key={x.id} className={cls} data-testid="terminal-position">
      <span className={css.big}>{place(x) || "—"}</span>
      <span>{x.productIndex} · {x.productName}{x.expiryDate ? ` · ${t.day(x.expiryDate)}` : ""}</span>
      <span className={css.big}>
        {task.pick
          ? t.t("terminal.progress", { done: x.quantityReal ?? 0, quantity: x.quantity })
          : t.number(x.quantity)}
      </span>
    </li>
  );
  return (
    <section aria-label={t.t("terminal.positions")}>
      {task.pick && (
        <>
          <h3 className={css.sub}>{t.plural("terminal.toDo", p.todo.length, { count: p.todo.length })}</h3>
          <ul className={css.list}>{p.todo.map((x) => show(x, x === p.target ? css.current : css.item))}</ul>
        </>
      )}
      {done.length > 0 && (
        <>
          <h3 className={css.sub}>{t.plural("terminal.done", done.length, { count: done.length })}</h3>
          <ul className={css.list}>{done.map((x) => show(x, css.item))}</ul>
        </>
      )}
    </section>
  );
}

export function TaskChooser(
  p: {
    kind: Kind;
    online: boolean;
    onOpen: (doc: Rec) => Promise<void>;
    onCount: (order: Rec) => void;
    onFresh: () => void;
  },
) {
  const t = useT();
  const [rows, setRows] = useState<Rec[] | null>(null);
  const [key, setKey] = useState(0);
  useResourceEvents("WmsDocument", () => setKey((k) => k + 1));
  useEffect(() => {
    if (!p.online) return;
    let live = true;
    openTasks(p.kind).then(
      (r) => live && setRows(r.results),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [p.kind, p.online, key]);
  const empty = rows === null
    ? (p.online ? t.t("common.loading") : t.t("terminal.listOffline"))
    : rows.length === 0
    ? t.t("terminal.nothingOpen")
    : null;
  return (
    <section aria-labelledby="terminal-open" className={css.screen}>
      {p.kind !== "check" && (
        <AriaButton className={css.button} onPress={p.onFresh} data-testid="terminal-new">
          {t.t(`terminal.new.${p.kind}`)}
        </AriaButton>
      )}
      <h3 id="terminal-open" className={css.sub}>
        {p.kind === "check" ? t.t("terminal.openCounts") : t.t("terminal.openDocuments")}
      </h3>
      {empty !== null ? <p className={css.muted}>{empty}</p> : (
        <ul className={css.list}>
          {rows!.map((r) => (
            <li key={r.id as number}>
              <AriaButton
                className={css.itemButton}
                onPress={() => (p.kind === "check" ? p.onCount(r) : void p.onOpen(r))}
                data-testid="terminal-task"
              >
                <span className={css.big}>{(r.documentNumber ?? r.orderNumber) as string}</span>
                <span>{(r.contractorName as string | null) ?? ""}</span>
                <span>
                  {t.t("terminal.percent", { percent: (r.progressPercent as number | undefined) ?? 0 })}
                </span>
              </AriaButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
