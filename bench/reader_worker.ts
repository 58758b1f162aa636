// A client on a thread of its own (bench/lib.ts, readerThread): requests of `paths` (in turn) over HTTP, one
// every `everyMs` without waiting for the one before, each timed from its sending to its answer's last byte,
// until told to stop; then every time, in ms. A client on the server's own thread would wait for the
// server's slices of work to let its own code in, and count those waits as the server's answer time.
type Start = {
  baseUrl: string;
  token: string;
  paths: string[];
  everyMs: number;
  method: string;
  /** A JSON body; each "{n}" in it becomes the call's number (a name that must be new each time). */
  body?: string;
  status: number;
};

let running = false;
self.onmessage = async (event: MessageEvent<Start | "stop">) => {
  if (event.data === "stop") {
    running = false;
    return;
  }
  const { baseUrl, token, paths, everyMs, method, body, status } = event.data;
  running = true;
  const times: number[] = [];
  const pending: Promise<void>[] = [];
  let failure: string | undefined;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  let settled = 0;
  const once = async (path: string, n: number) => {
    const t = performance.now();
    try {
      const r = await fetch(baseUrl + path, { method, headers, body: body?.replaceAll("{n}", String(n)) });
      await r.arrayBuffer();
      if (r.status !== status) failure ??= `${method} ${path} answered ${r.status}`;
      times.push(performance.now() - t);
    } finally {
      // The first call over, answered or failed: this thread is up (its memory too, for a caller that
      // measures the process's); a failure is reported by stop().
      if (++settled === 1) self.postMessage({ ready: true });
    }
  };
  let i = 0;
  while (running) {
    pending.push(once(paths[i % paths.length], i).catch((err) => void (failure ??= String(err))));
    i++;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  await Promise.all(pending);
  self.postMessage({ times, failure });
};
