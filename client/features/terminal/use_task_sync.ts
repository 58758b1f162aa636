// The task kept in step with the server: its document read again once nothing of it waits in the queue
// (others' progress arrives through the hub), the free lines a step needs to say where to take goods, and
// a receipt's put-away suggestions. Reads only; what is read never moves the step the operator is at.
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../api.ts";
import { useResourceEvents } from "../../hub.ts";
import type { Queue, QueueEntry } from "./queue.ts";
import type { TerminalIndex } from "./data.ts";
import { left, linesKey, namesBin, placeOf } from "./flow.ts";
import { readDocument, readLines, suggestionsFor } from "./remote.ts";
import { type Draft, type Expect, takesFrom, type Task } from "./scan_machine.ts";

type SetTask = (change: (task: Task | null) => Task | null) => void;

/** The task's document from the server, once nothing of it waits in the queue (others' progress too). */
export function useDocumentRefresh(
  p: {
    task: Task | null;
    setTask: SetTask;
    queue: Queue;
    entries: QueueEntry[];
    online: boolean;
    data: TerminalIndex | null;
  },
) {
  const { task, setTask, queue, online, data } = p;
  const reload = useCallback(async (current: Task) => {
    let documentId = current.documentId;
    if (documentId === null && current.ref.startsWith("{local:")) {
      documentId = (await queue.localId(current.ref.slice(7, -1))) ?? null;
    }
    if (documentId === null || current.kind === "check") return;
    const id = documentId;
    const { doc, positions: fresh } = await readDocument(id);
    // Where the positions are to be taken from, read again with them (others take stock meanwhile).
    const keys = new Set(Object.keys(current.lines ?? {}));
    if (data && takesFrom(current.kind)) {
      const places = { sourceLocationId: doc.sourceLocationId as number | null, destinationLocationId: null };
      for (const x of fresh) {
        const place = placeOf(current.kind, x, places);
        if (left(x) > 0 && !namesBin(place, data)) keys.add(linesKey(x.productId, place));
      }
    }
    const lines = keys.size ? await readLines(keys, current.lines) : current.lines;
    // Steps made meanwhile are newer than this answer: it is left for the next reload.
    if ((await queue.entries()).some((e) => e.task === current.id && e.state === "pending")) return;
    const same = (now: Task | null) => now !== null && now.id === current.id;
    if (doc.statusCode !== "workingCopy") {
      setTask((now) => (same(now) ? null : now));
      return;
    }
    setTask((now) =>
      same(now)
        ? {
          ...now!,
          documentId: id,
          ref: String(id),
          number: doc.documentNumber as string,
          positions: fresh.map((np) => ({
            ...np,
            short: now!.positions.find((o) => o.id === np.id)?.short,
          })),
          lines,
        }
        : now
    );
  }, [queue, setTask, data]);
  const quiet = task !== null && !p.entries.some((e) => e.task === task.id);
  const reloadOrLeave = (current: Task) =>
    reload(current).catch((err) => {
      // The document is gone (its last position reported short): the task ends.
      if (err instanceof ApiError && err.status === 404) {
        setTask((now) => (now?.id === current.id ? null : now));
      }
    });
  useEffect(() => {
    if (task && quiet && online) void reloadOrLeave(task);
    // Only when the queue of the task has emptied or the network came back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quiet, online]);
  const onOthers = () => {
    if (task && quiet && online) void reloadOrLeave(task);
  };
  useResourceEvents("WmsDocumentPosition", onOthers);
  useResourceEvents("WmsDocument", onOthers);
}

/** The free lines a step needs to say where to take goods, read once online; kept with the task. */
export function useSourceLines(
  p: { task: Task | null; setTask: SetTask; linesWanted: string; online: boolean },
) {
  const { task, setTask, linesWanted, online } = p;
  const [looking, setLooking] = useState(false);
  useEffect(() => {
    if (!online || !linesWanted || !task) return;
    let live = true;
    const id = task.id;
    setLooking(true);
    void readLines(linesWanted.split(",")).then((got) => {
      if (!live) return;
      setLooking(false);
      setTask((now) => (now?.id === id ? { ...now, lines: { ...now.lines, ...got } } : now));
    });
    return () => {
      live = false;
      setLooking(false);
    };
    // The task's id and the keys wanted say everything the reading depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linesWanted, online, task?.id]);
  return looking;
}

export type Suggestion = { locationId: number; label: string; reason: string };

/** Put-away suggestions for a receipt's product (online; offline the position's own place, if any). */
export function useSuggestions(expecting: Expect, draft: Draft, online: boolean): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  useEffect(() => {
    if (expecting !== "put" || !draft.product || !online) {
      setSuggestions([]);
      return;
    }
    let live = true;
    suggestionsFor(draft.product.id, draft.quantity ?? 1).then(
      (r) =>
        live &&
        setSuggestions(r.map((s) => ({ locationId: s.locationId, label: s.label, reason: s.reason }))),
      () => live && setSuggestions([]),
    );
    return () => {
      live = false;
    };
  }, [expecting, draft.product, draft.quantity, online]);
  return suggestions;
}
