// Files people send to be kept and served (attachments, warehouse maps) are scanned by ClamAV's daemon
// before anything is stored, when the operator runs one (`CLAMD_ADDRESS`, host:port): clamd's INSTREAM over
// TCP, the bytes in chunks, its verdict read back (ASVS 5.4.3). Known malicious content is refused (422
// file.infected, naming what was found); a scanner that cannot answer refuses the file too (503
// file.scanUnavailable): an unscanned file is never kept while scanning is on. Without CLAMD_ADDRESS nothing
// is scanned (docs/security.md, V5).
import type { Services } from "../../kernel/services.ts";
import { AppError } from "../../kernel/errors.ts";
import { type Egress, egressOf } from "../../kernel/egress/egress.ts";
import { Buffer } from "node:buffer";

const CHUNK = 64 * 1024;
const SCAN_TIMEOUT_MS = 30_000;

/** clamd's answer to INSTREAM: "stream: OK", "stream: <signature> FOUND" or "<reason> ERROR". */
export type Verdict = { clean: true } | { clean: false; signature: string } | { error: string };

function parseVerdict(reply: string): Verdict {
  const text = reply.replace(/\0+$/, "").trim();
  if (/^stream: OK$/.test(text)) return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(text);
  if (found) return { clean: false, signature: found[1] };
  return { error: text || "no answer" };
}

/**
 * Sends `bytes` to clamd at `address` (host:port) through the egress policy (a scanner on the host's own
 * network is one the operator allows: EGRESS_ALLOW), and reads its verdict.
 */
export async function clamdScan(egress: Egress, address: string, bytes: Uint8Array): Promise<Verdict> {
  const at = address.lastIndexOf(":");
  const hostname = address.slice(0, at).replace(/^\[|\]$/g, "");
  const port = Number(address.slice(at + 1));
  const socket = await egress.connect(hostname, port, SCAN_TIMEOUT_MS);
  try {
    return await new Promise<Verdict>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let total = 0;
      const done = () => resolve(parseVerdict(Buffer.concat(chunks).toString("utf8")));
      socket.setTimeout(SCAN_TIMEOUT_MS, () => reject(new Error("timed out")));
      socket.once("error", reject);
      socket.on("data", (data: Buffer) => {
        chunks.push(data);
        total += data.length;
        // The verdict ends with a NUL (the z command); no verdict is longer than a few hundred bytes.
        if (data.includes(0) || total >= 4096) done();
      });
      socket.once("end", done);
      socket.write(new TextEncoder().encode("zINSTREAM\0"));
      for (let i = 0; i < bytes.length; i += CHUNK) {
        const part = bytes.subarray(i, i + CHUNK);
        const size = new Uint8Array(4);
        new DataView(size.buffer).setUint32(0, part.length);
        socket.write(size);
        socket.write(part);
      }
      socket.write(new Uint8Array(4));
    });
  } finally {
    socket.destroy();
  }
}

/** Refuses `bytes` that the operator's scanner finds malicious, or cannot scan; nothing when none is set. */
export async function scanUpload(platform: Pick<Services, "config">, bytes: Uint8Array): Promise<void> {
  const address = platform.config.clamdAddress;
  if (!address) return;
  let verdict: Verdict;
  try {
    verdict = await clamdScan(egressOf(platform.config), address, bytes);
  } catch (err) {
    verdict = { error: err instanceof Error ? err.message : String(err) };
  }
  if ("error" in verdict) throw new AppError("file.scanUnavailable", { cause: new Error(verdict.error) });
  if (!verdict.clean) {
    throw new AppError("file.infected", {
      params: { signature: verdict.signature },
      security: { kind: "file.infected", detail: verdict.signature },
    });
  }
}
