// The hub's floor for `deno task bench shards` (its `hub.floor`): a bare `Deno.serve` that does what the
// product's hub does for the bench's clients and nothing more. Sockets at /dataHub answer an `auth` message
// with `authenticated` (no token checked); `POST /api/Tags` answers 201 with a new id and sends every socket
// one event, serialised once, of the product's shape. Run as a process of its own, like the product's
// server: it prints `PORT <n>` once it listens.
const sockets = new Set<WebSocket>();
let next = 1;

const server = Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`PORT ${port}`),
}, async (req) => {
  const path = new URL(req.url).pathname;
  if (path === "/dataHub") {
    const { socket, response } = Deno.upgradeWebSocket(req);
    socket.onmessage = (e) => {
      if (JSON.parse(String(e.data)).type !== "auth") return;
      sockets.add(socket);
      socket.send(JSON.stringify({ type: "authenticated", userId: 1 }));
    };
    socket.onclose = () => sockets.delete(socket);
    return response;
  }
  if (path === "/api/Tags" && req.method === "POST") {
    await req.json();
    const id = next++;
    const event = JSON.stringify({
      type: "event",
      resource: "Tags",
      action: "added",
      id,
      correlationId: null,
    });
    // After the answer's turn, as the product publishes after its commit.
    queueMicrotask(() => {
      for (const s of sockets) {
        try {
          s.send(event);
        } catch { /* closing */ }
      }
    });
    return Response.json({ id }, { status: 201 });
  }
  return new Response(null, { status: 404 });
});
Deno.addSignalListener("SIGTERM", () => server.shutdown());
await server.finished;
