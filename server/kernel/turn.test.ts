// A turn of the event loop lets a request in: a request to a server on this thread is answered while work
// runs in slices separated by turns, within a few of them (a chain of setImmediate held it back for about
// 100 ms, a chain of MessageChannel messages for as long as the chain ran).
import { afterAll, beforeAll, expect, it } from "vitest";
import { turn } from "./turn.ts";

let server: Deno.HttpServer<Deno.NetAddr>;
beforeAll(() => {
  server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response("ok"));
});
afterAll(() => server.shutdown());

it("lets a request in between slices of work", async () => {
  let turns = 0;
  let answered: number | undefined;
  const request = fetch(`http://127.0.0.1:${server.addr.port}/`).then((r) => r.text()).then(() => {
    answered = turns;
  });
  // Slices of half a millisecond of work, a turn after each, until the answer came (or 2,000 turns passed).
  while (answered === undefined && turns < 2_000) {
    const t = performance.now();
    while (performance.now() - t < 0.5) { /* work */ }
    turns++;
    await turn();
  }
  await request;
  expect(answered).toBeLessThan(40);
});
