// The scan machine (scan_machine.ts) run on the screen: its state (the task kept in IndexedDB with every
// change, so that a reload goes on where it was), and its effects performed in order: the feedback said
// with a sound, writes queued and sent, the server asked, a scan made before the data arrived taken once
// it has. Scan to feedback is measured as "terminal-feedback" performance measures (bench/terminal.ts).
import { useCallback, useEffect, useRef, useState } from "react";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { feedback } from "./feedback.ts";
import type { Queue } from "./queue.ts";
import { cache, cached } from "./idb_store.ts";
import { type TerminalData, TerminalIndex } from "./data.ts";
import type { Kind } from "./flow.ts";
import { countPositions, failureText, fetchData, findTask, positionsOf, productOnline } from "./remote.ts";
import { ApiError } from "../../api.ts";
import {
  type Effect,
  type Event,
  initialState,
  type Rec,
  type ScanState,
  type Task,
  transition,
} from "./scan_machine.ts";

export type Say = { kind: "ok" | "error" | "warn"; text: string } | null;

/**
 * The products, locations and containers: the cached copy at once, then a fresh one when the server answers.
 * Until one came in this session they are asked for again: when the network is back, and every 10 seconds
 * (the server may have been unreachable with the network up) unless a request is still on its way.
 */
export function useTerminalData(owner: string, online: boolean, setOnline: (online: boolean) => void) {
  const [data, setData] = useState<TerminalIndex | null>(null);
  const attempt = useRef<(back: boolean) => void>(() => {});
  useEffect(() => {
    let live = true;
    let asking = 0;
    let fetched = false;
    void cached<TerminalData>(owner, "data").then((d) =>
      live && d && setData((now) => now ?? new TerminalIndex(d))
    );
    // `back`: the network has just come back, so a request still on its way from before is not waited for.
    const ask = (back: boolean) => {
      if (!live || fetched || (asking > 0 && !back)) return;
      asking++;
      fetchData().then((d) => {
        if (!live || fetched) return;
        fetched = true;
        clearInterval(timer);
        setData(new TerminalIndex(d));
        setOnline(true);
        void cache(owner, "data", d);
      }, (err) => {
        // Only an unreachable server means offline; a refusal (403, 500) does not.
        if (live && err instanceof ApiError && err.status === 0) setOnline(false);
      }).finally(() => asking--);
    };
    attempt.current = ask;
    const timer = setInterval(() => ask(false), 10_000);
    ask(false);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [owner, setOnline]);
  // Asked again when the network comes back (not at opening: the first request is on its way then).
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) attempt.current(true);
    wasOnline.current = online;
  }, [online]);
  return [data, setData] as const;
}

export function useScanMachine(
  p: {
    kind: Kind;
    owner: string;
    t: Translator;
    queue: Queue;
    flush: () => Promise<void>;
    online: boolean;
    data: TerminalIndex | null;
    setData: (data: TerminalIndex) => void;
  },
) {
  const { kind, owner } = p;
  const taskKey = `task:${kind}`;
  const [state, setState] = useState<ScanState>(() => initialState(kind));
  const [say, setSay] = useState<Say>(null);
  // A scan made before the data arrived waits for it (taken below, once the data is there).
  const [waitingScan, setWaitingScan] = useState<string | null>(null);
  const now = useRef(state);
  /** What the machine decides with, as of the last render. */
  const live = useRef(p);
  live.current = p;

  const commit = useCallback((next: ScanState) => {
    if (next.task !== now.current.task) void cache(owner, taskKey, next.task);
    now.current = next;
    setState(next);
  }, [owner, taskKey]);
  const setTask = useCallback(
    (change: (task: Task | null) => Task | null) =>
      commit({ ...now.current, task: change(now.current.task) }),
    [commit],
  );

  // The task under way when the screen was last left.
  useEffect(() => {
    let on = true;
    void cached<Task>(owner, taskKey).then((saved) => {
      if (!on || !saved || now.current.task) return;
      now.current = { ...now.current, task: saved };
      setState(now.current);
    });
    return () => {
      on = false;
    };
  }, [owner, taskKey]);

  const scanAt = useRef<number | null>(null);
  const measured = () => {
    const start = scanAt.current;
    scanAt.current = null;
    if (start !== null) {
      requestAnimationFrame(() =>
        performance.measure("terminal-feedback", { start, end: performance.now() })
      );
    }
  };

  const dispatch = useCallback(async (event: Event): Promise<void> => {
    const { t, data, online } = live.current;
    const out = transition(now.current, event, { t, data, online, newId: () => crypto.randomUUID() });
    if (out.state !== now.current) commit(out.state);
    for (const effect of out.effects) await perform(effect);
    // What the effects need is read from `live` when they run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [commit]);

  const openDocument = useCallback(async (doc: Rec) => {
    const positions = await positionsOf(doc.id as number);
    await dispatch({ type: "opened", doc, positions });
  }, [dispatch]);

  async function perform(e: Effect): Promise<void> {
    // The latest render's queue and translator (a language switch makes a new queue).
    const { t, queue, flush } = live.current;
    switch (e.type) {
      case "clock":
        scanAt.current = performance.now();
        return;
      case "say":
        feedback(e.kind === "error" ? "error" : "ok");
        setSay({ kind: e.kind, text: e.text });
        return measured();
      case "hush":
        return setSay(null);
      case "send":
        await queue.enqueue({ ...e.write, task: e.task });
        void flush();
        return;
      case "wait":
        return setWaitingScan(e.code);
      case "findTask":
        try {
          const found = await findTask(live.current.kind, e.code);
          if (!found) return await dispatch({ type: "notFound", code: e.code });
          if ("order" in found) return await dispatch({ type: "count", order: found.order });
          return await openDocument(found.doc);
        } catch (err) {
          return await dispatch({ type: "failed", text: failureText(t, err) });
        }
      case "lookUp": {
        const found = await productOnline(e.code).catch(() => null);
        const data = live.current.data;
        if (found && data) {
          const next = new TerminalIndex({ ...data.data, products: [...data.data.products, found] });
          live.current.setData(next);
          void cache(owner, "data", next.data);
          return setWaitingScan(e.code);
        }
        return await dispatch({ type: "scan", code: e.code, again: true });
      }
      case "countAt":
        try {
          const positions = await countPositions(e.countId, e.location.id);
          return await dispatch({ type: "counting", location: e.location, positions });
        } catch (err) {
          return await dispatch({ type: "failed", text: failureText(t, err) });
        }
    }
  }

  // The scan made before the data arrived, taken now (after the render that brought the data); or, when the
  // network went instead, taken without it (the operator is told the terminal has no data yet).
  useEffect(() => {
    if (waitingScan === null || (!p.data && p.online)) return;
    setWaitingScan(null);
    void dispatch({ type: "scan", code: waitingScan });
  }, [p.data, p.online, waitingScan, dispatch]);

  return { state, say, dispatch, setTask, openDocument, waiting: waitingScan !== null };
}
