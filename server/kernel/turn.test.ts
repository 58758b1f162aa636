// A turn of the event loop lets a request in: a request to a server on this thread is answered while work
// runs in slices separated by turns, within a few of them (a chain of setImmediate held it back for about
// 100 ms, a chain of MessageChannel messages for as long as the chain ran).
//
// How many turns that takes depends on the machine's load (2 to 5 idle, 57 and 67 in two loaded gates), so
// the count is judged against a chain of setImmediate in the same run (114 to 119 turns, idle or beside three
// busy loops, where a turn took 1 to 5): a turn that let requests in no sooner than setImmediate does would
// fail it, and one that never lets them in (the MessageChannel chain on the main thread) would too.
import { afterAll, beforeAll, expect, it } from "vitest";
import { turn } from "./turn.ts";

let server: Deno.HttpServer<Deno.NetAddr>;
beforeAll(() => {
  server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response("ok"));
});
afterAll(() => server.shutdown());

/** Slices of half a millisecond of work, `pause` after each, until a request's answer came: the slices. */
async function slicesUntilAnswered(pause: () => Promise<void>): Promise<number> {
  let turns = 0;
  let answered: number | undefined;
  const request = fetch(`http://127.0.0.1:${server.addr.port}/`).then((r) => r.text()).then(() => {
    answered = turns;
  });
  while (answered === undefined && turns < 2_000) {
    const t = performance.now();
    while (performance.now() - t < 0.5) { /* work */ }
    turns++;
    await pause();
  }
  await request;
  return answered ?? turns;
}

it("lets a request in between slices of work", async () => {
  const byTurn = await slicesUntilAnswered(turn);
  const byImmediate = await slicesUntilAnswered(() => new Promise((resolve) => setImmediate(resolve)));
  expect(byTurn, `turn: ${byTurn} slices, setImmediate: ${byImmediate}`).toBeLessThan(byImmediate);
  expect(byTurn).toBeLessThan(2_000);
});
