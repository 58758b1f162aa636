// The terminal's queue as the screen uses it: made per tenant and user over IndexedDB, its entries as they
// change, whether the server is reached, and sending whenever there may be something to send (at once, when
// the browser says the network is back, every ten seconds).
import { useCallback, useEffect, useMemo, useState } from "react";
import { api, ApiError } from "../../api.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { type CallFailure, Queue, type QueueEntry } from "./queue.ts";
import { IdbQueueStore } from "./idb_store.ts";
import { failureText } from "./remote.ts";

export function useTerminalQueue(owner: string, t: Translator) {
  const queue = useMemo(
    () =>
      new Queue(
        new IdbQueueStore(),
        owner,
        (method, path, body, key) =>
          api(method, path, body, { idempotencyKey: key, quiet: true, cause: "queued" }).catch((err) => {
            if (!(err instanceof ApiError)) throw err;
            const issues = err.issues as { message?: string; severity?: string }[];
            const failure: CallFailure & { warningsOnly?: boolean } = {
              status: err.status,
              code: err.code,
              message: failureText(t, err),
            };
            if (issues.length && issues.every((i) => i.severity === "warning")) failure.warningsOnly = true;
            throw failure;
          }),
      ),
    [owner, t],
  );
  const [online, setOnline] = useState(() => typeof navigator === "undefined" || navigator.onLine);
  const [entries, setEntries] = useState<QueueEntry[]>([]);

  // The queue as the screen shows it, and sending whenever there may be something to send.
  useEffect(() => {
    const refresh = () => void queue.entries().then(setEntries);
    refresh();
    return queue.subscribe(refresh);
  }, [queue]);
  const flush = useCallback(async () => {
    const r = await queue.flush();
    // What the server answered says more than the browser's flag; an empty queue says nothing.
    if (r.offline) setOnline(false);
    else if (r.sent > 0 || r.refused > 0) setOnline(true);
  }, [queue]);
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    addEventListener("online", up);
    addEventListener("offline", down);
    void flush();
    const timer = setInterval(() => void flush(), 10_000);
    return () => {
      removeEventListener("online", up);
      removeEventListener("offline", down);
      clearInterval(timer);
    };
  }, [flush]);

  return { queue, entries, online, setOnline, flush };
}
