// Files people send to be kept and served (attachments, warehouse maps) are scanned by ClamAV's daemon
// before anything is stored, when the operator runs one (`CLAMD_ADDRESS`, host:port): clamd's INSTREAM over
// TCP, the bytes in chunks, its verdict read back (ASVS 5.4.3). Known malicious content is refused (422
// file.infected, naming what was found); a scanner that cannot answer refuses the file too (503
// file.scanUnavailable): an unscanned file is never kept while scanning is on. Without CLAMD_ADDRESS nothing
// is scanned (docs/security.md, V5).
import type { Platform } from "../../platform.ts";
import { AppError } from "../../kernel/errors.ts";

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

/** Sends `bytes` to clamd at `address` (host:port) and reads its verdict. */
export async function clamdScan(address: string, bytes: Uint8Array): Promise<Verdict> {
  const at = address.lastIndexOf(":");
  const hostname = address.slice(0, at).replace(/^\[|\]$/g, "");
  const port = Number(address.slice(at + 1));
  // egress: the operator's virus scanner (CLAMD_ADDRESS).
  const conn = await Deno.connect({ hostname, port });
  const timer = setTimeout(() => conn.close(), SCAN_TIMEOUT_MS);
  try {
    const write = async (data: Uint8Array) => {
      for (let done = 0; done < data.length;) done += await conn.write(data.subarray(done));
    };
    await write(new TextEncoder().encode("zINSTREAM\0"));
    for (let i = 0; i < bytes.length; i += CHUNK) {
      const part = bytes.subarray(i, i + CHUNK);
      const size = new Uint8Array(4);
      new DataView(size.buffer).setUint32(0, part.length);
      await write(size);
      await write(part);
    }
    await write(new Uint8Array(4));
    const chunks: Uint8Array[] = [];
    const buf = new Uint8Array(1024);
    for (let total = 0; total < 4096;) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
      total += n;
      if (buf.subarray(0, n).includes(0)) break;
    }
    return parseVerdict(new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c]))));
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* closed by the time-out */ }
  }
}

/** Refuses `bytes` that the operator's scanner finds malicious, or cannot scan; nothing when none is set. */
export async function scanUpload(platform: Platform, bytes: Uint8Array): Promise<void> {
  const address = platform.config.clamdAddress;
  if (!address) return;
  let verdict: Verdict;
  try {
    verdict = await clamdScan(address, bytes);
  } catch (err) {
    verdict = { error: err instanceof Error ? err.message : String(err) };
  }
  if ("error" in verdict) throw new AppError("file.scanUnavailable", { cause: new Error(verdict.error) });
  if (!verdict.clean) {
    // security-event: file.infected (the signature; who sent it)
    throw new AppError("file.infected", { params: { signature: verdict.signature } });
  }
}
