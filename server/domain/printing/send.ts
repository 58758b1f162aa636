// A job sent to a network printer as it is, over raw TCP (port 9100): connected, written, closed. The
// connection goes through the egress policy (kernel/egress): a printer on loopback, a private network or the
// cloud's metadata address is refused (egress.refused, 422) before anything is sent, the same answer
// whether something listens there or not, unless the operator allows it (EGRESS_ALLOW). A printer that does
// not answer within the time, refuses, or drops the connection is the contract's "connection to print
// software failed", naming the printer.
import type { Socket } from "node:net";
import { AppError } from "../../kernel/errors.ts";
import { type Egress, isRefusal } from "../../kernel/egress/egress.ts";

export const PRINT_TIMEOUT_MS = 5_000;

export async function sendRaw(
  egress: Egress,
  target: { name: string; host: string; port: number },
  job: Uint8Array,
): Promise<void> {
  const failed = (cause: unknown) =>
    new AppError("print.connectionFailed", { params: { printer: target.name }, cause });
  const end = Date.now() + PRINT_TIMEOUT_MS;
  let socket: Socket;
  try {
    socket = await egress.connect(target.host, target.port, PRINT_TIMEOUT_MS);
  } catch (err) {
    throw isRefusal(err) ? err : failed(err);
  }
  await new Promise<void>((resolve, reject) => {
    const fail = (cause: unknown) => {
      socket.destroy();
      reject(failed(cause));
    };
    socket.setTimeout(Math.max(1, end - Date.now()), () => fail(new Error("timed out")));
    socket.once("error", fail);
    socket.end(job, () => {
      socket.setTimeout(0);
      resolve();
    });
  });
}
