// A reader on a thread of its own (bench/lib.ts, readerThread): GET requests of `paths` over HTTP, one every
// `everyMs` without waiting for the one before, each timed from its sending to its answer's last byte, until
// told to stop; then every time, in ms. A client on the server's own thread would wait for the server's
// slices of work to be let in at all, and count them as the server's answer time.
type Start = { baseUrl: string; token: string; paths: string[]; everyMs: number };

let running = false;
self.onmessage = async (event: MessageEvent<Start | "stop">) => {
  if (event.data === "stop") {
    running = false;
    return;
  }
  const { baseUrl, token, paths, everyMs } = event.data;
  running = true;
  const times: number[] = [];
  const pending: Promise<void>[] = [];
  let failure: string | undefined;
  const read = async (path: string) => {
    const t = performance.now();
    const r = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
    await r.arrayBuffer();
    if (r.status !== 200) failure ??= `${path} answered ${r.status}`;
    times.push(performance.now() - t);
  };
  let i = 0;
  while (running) {
    pending.push(read(paths[i++ % paths.length]).catch((err) => void (failure ??= String(err))));
    await new Promise((r) => setTimeout(r, everyMs));
  }
  await Promise.all(pending);
  self.postMessage({ times, failure });
};
