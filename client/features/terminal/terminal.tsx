// The terminal screens (issue 15; decision 0009): receipt, release, picking, relocation and counting on a
// phone or a handheld. One scan field always ready (a scanner gun types into it, or anywhere on the screen
// through the wedge reader), the camera on demand, the next step in one line, each scan judged at once
// against the document (scan_machine.ts over flow.ts) with a sound and a vibration, every write queued
// durably (queue.ts) and sent in order with its Idempotency-Key, so the work goes on through a network
// outage, and what the server refuses on sync listed for the operator to resolve. Other operators' progress
// on the same document arrives through the hub.
import { useAtomValue } from "jotai";
import { Button as AriaButton } from "react-aria-components/Button";
import { useT } from "../../i18n/use_t.ts";
import { startupAtom } from "../../state.ts";
import { scannerSuffixOf } from "../../shell/chrome.tsx";
import { type Kind, kindOfRoute, left } from "./flow.ts";
import { labelOf, promptOf, proposedQuantity, stepOf, takesFrom } from "./scan_machine.ts";
import { useTerminalQueue } from "./use_queue.ts";
import { useScanMachine, useTerminalData } from "./use_scan_machine.ts";
import { useDocumentRefresh, useSourceLines, useSuggestions } from "./use_task_sync.ts";
import { useScanField, useScannerKeys } from "./use_scanner_keys.ts";
import { ScanInput } from "./scan_input.tsx";
import { LotEntry, QuantityEntry } from "./entries.tsx";
import { PutSuggestions, TakeGuide } from "./panels.tsx";
import { LeaveRow, SayLine, StatusBar, SuffixSetting, TaskActions } from "./controls.tsx";
import { Refusals } from "./refusals.tsx";
import { TaskChooser, TaskPositions } from "./task_views.tsx";
import * as css from "./terminal.css.ts";

/** The terminal screen of a route (its name says which kind of task it does). */
export function TerminalRoute(p: { route: string; openedDialogId?: string }) {
  return <TerminalScreen kind={kindOfRoute[p.route]} openedDialogId={p.openedDialogId} />;
}

export function TerminalScreen(p: { kind: Kind; openedDialogId?: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  if (!startup) return <p>{t.t("common.loading")}</p>;
  const u = startup.user;
  if (u.connectedContractorId || !(u.isSuperUser || u.logisticsEnabled || u.terminalEnabled)) {
    return <p role="alert">{t.t("terminal.noAccess")}</p>;
  }
  const owner = `${startup.tenant.slug}:${startup.user.id}`;
  return (
    <Terminal
      key={`${owner}:${p.kind}`}
      kind={p.kind}
      owner={owner}
      openedDialogId={p.openedDialogId}
    />
  );
}

function Terminal(p: { kind: Kind; owner: string; openedDialogId?: string }) {
  const t = useT();
  const { kind, owner } = p;
  const { queue, entries, online, setOnline, flush } = useTerminalQueue(owner, t);
  const [data, setData] = useTerminalData(owner, online, setOnline);
  const { state, say, dispatch, setTask, openDocument, waiting } = useScanMachine({
    kind,
    owner,
    t,
    queue,
    flush,
    online,
    data,
    setData,
  });
  const { task, draft } = state;
  const step = stepOf(state, data);
  const { todo, target, guide, freeTake, expecting } = step;
  const label = labelOf(data);
  const refusedHere = task !== null && entries.some((e) => e.task === task.id && e.state === "refused");

  useDocumentRefresh({ task, setTask, queue, entries, online, data });
  const suggestions = useSuggestions(expecting, draft, online);
  const looking = useSourceLines({ task, setTask, linesWanted: step.linesWanted, online });

  const field = useScanField();
  const handleScan = (raw: string) => {
    if (raw.trim()) field.setText("");
    void dispatch({ type: "scan", code: raw });
  };
  const suffix = scannerSuffixOf(useAtomValue(startupAtom));
  useScannerKeys({ suffix, field: field.ref, setText: field.setText, onScan: handleScan, expecting, say });

  const pending = entries.filter((e) => e.state === "pending").length;
  const refused = entries.filter((e) => e.state === "refused");
  // Typed text offers products where a product is scanned (a release from nothing may start from one).
  const offerProducts = expecting === "product" ||
    (expecting === "location" && kind === "out" && task !== null && !task.pick && !draft.product &&
      !draft.location);

  return (
    <div
      className={css.screen}
      data-testid="terminal"
      data-expecting={expecting}
      data-ready={data !== null}
      // A scan waits for the data to arrive.
      data-waiting={waiting}
    >
      <StatusBar online={online} pending={pending} number={task ? task.number : null} />

      <h2 className={css.prompt} data-testid="terminal-prompt">
        {promptOf(t, state, step, { data, refusedHere, suggestions })}
      </h2>

      {say && <SayLine say={say} />}

      <ScanInput
        field={field.ref}
        text={field.text}
        setText={field.setText}
        onScan={handleScan}
        products={data && offerProducts ? data.data.products : null}
      />

      {(expecting === "quantity" || (expecting === "tote" && kind !== "collect")) && draft.product && (
        <QuantityEntry
          key={`${draft.product.id}:${draft.positionId ?? ""}`}
          label={t.t("terminal.quantityOf", { product: draft.product.index, unit: draft.product.unit ?? "" })}
          initial={proposedQuantity(state, step)}
          onTake={(quantity) => void dispatch({ type: "quantity", quantity })}
        />
      )}
      {expecting === "lot" && draft.product && (
        <LotEntry
          // Fresh from the draft when the scan field took a part of the lot.
          key={JSON.stringify(draft.lot)}
          product={draft.product}
          lot={draft.lot}
          onTake={(lot) => void dispatch({ type: "lot", lot })}
        />
      )}
      {takesFrom(kind) && (target || freeTake) &&
        (expecting === "location" || expecting === "product" || expecting === "quantity") && (
        <TakeGuide
          guide={guide ?? null}
          looking={looking}
          online={online}
          left={target ? left(target) : freeTake?.quantity ?? 0}
          product={(target?.productIndex ?? draft.product?.index) ?? ""}
          label={label}
        />
      )}
      {expecting === "put" && suggestions.length > 0 && <PutSuggestions suggestions={suggestions} />}
      {kind === "relocate" && expecting === "product" && draft.container && (
        <AriaButton
          className={css.secondary}
          onPress={() => void dispatch({ type: "whole" })}
        >
          {t.t("terminal.wholeContainer", { container: draft.container.number })}
        </AriaButton>
      )}
      {state.tote && kind === "collect" && (
        <p className={css.sub}>{t.t("terminal.currentTote", { tote: state.tote.number })}</p>
      )}

      {task && kind !== "check" && kind !== "relocate" && (
        <TaskActions
          task={task}
          target={target}
          todo={todo}
          picked={step.picked}
          onShortage={(which) => void dispatch({ type: "shortage", which })}
          onSkip={(id) => void dispatch({ type: "skip", id })}
          onFinish={() => void dispatch({ type: "finish" })}
        />
      )}
      {task && (
        <LeaveRow
          startOver={Boolean(draft.product || draft.location)}
          onLeave={() => void dispatch({ type: "leave" })}
          onStartOver={() => void dispatch({ type: "startOver" })}
        />
      )}

      {refused.length > 0 && <Refusals entries={refused} queue={queue} onFlush={() => void flush()} />}

      {!task && <SuffixSetting value={suffix} />}

      {task
        ? <TaskPositions kind={kind} task={task} todo={todo} target={target} label={label} />
        : (
          <TaskChooser
            kind={kind}
            online={online}
            onOpen={openDocument}
            onCount={(order) => void dispatch({ type: "count", order })}
            onFresh={() => void dispatch({ type: "fresh" })}
          />
        )}
    </div>
  );
}
