// One turn of the event loop, for long work that lets other requests in between its slices.
//
// On the main thread, an asynchronous operation of Deno's own: its answer comes back through the event loop,
// which reads the sockets before it (measured here: a request beside 2 ms slices of work answered in 1.5 ms
// at p50, the work keeping 97% of the thread). Not `setTimeout(0)`: a timer set from a timer's own
// continuation waits at least 4 ms once such calls nest five deep (the HTML timers' clamping, which Deno
// follows), so a stream that turned with it between chunks slept 4 ms per chunk (an export of 1,000,000 rows
// in 250-row chunks: 17 s of its 17.8). Not `setImmediate`: Deno runs the immediates due before it reads the
// sockets again, so a chain of them held a request back about 100 ms. The operation is an empty digest: the
// cheapest one that needs no permission (about 25 µs). A request's way in (its socket read, parsed, handed to
// the handler) may take the loop a few such turns: work that turns only after slices of milliseconds turns
// twice (a transaction's pause, server/db/local.ts).
// In a worker (a shard: server/cluster/) the requests come as messages, and a message to ourselves through a
// MessageChannel lets them in (about 10 µs).
const EMPTY = new Uint8Array(0);

export const turn: () => Promise<void> = "WorkerGlobalScope" in globalThis
  ? (() => {
    const channel = new MessageChannel();
    const waiting: (() => void)[] = [];
    channel.port1.onmessage = () => waiting.shift()?.();
    // The port must not keep a worker alive that has nothing else to do.
    (channel.port1 as unknown as { unref?: () => void }).unref?.();
    (channel.port2 as unknown as { unref?: () => void }).unref?.();
    return () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        channel.port2.postMessage(0);
      });
  })()
  : async () => {
    await crypto.subtle.digest("SHA-256", EMPTY);
  };
