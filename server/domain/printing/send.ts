// A job sent to a network printer as it is, over raw TCP (port 9100): connected, written, closed. A printer
// that does not answer within the time, refuses, or drops the connection is the contract's "connection to
// print software failed", naming the printer.
import { connect } from "node:net";
import { AppError } from "../../kernel/errors.ts";

export const PRINT_TIMEOUT_MS = 5_000;

export function sendRaw(
  target: { name: string; host: string; port: number },
  job: Uint8Array,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (cause: unknown) => {
      socket.destroy();
      reject(new AppError("print.connectionFailed", { params: { printer: target.name }, cause }));
    };
    // egress: the one egress policy (server/kernel egress) checks and resolves target.host here, before
    // this connection opens; only printers without a site come here (a site's go through its agent).
    const socket = connect({ host: target.host, port: target.port });
    socket.setTimeout(PRINT_TIMEOUT_MS, () => fail(new Error("timed out")));
    socket.once("error", fail);
    socket.once("connect", () => {
      socket.end(job, () => {
        socket.setTimeout(0);
        resolve();
      });
    });
  });
}
