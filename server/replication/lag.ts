// Replication lag, measured (decision 0019): how far each replica is behind its local file. Two readings
// per sample, both independent of the replica's type (file, s3, sftp): the local WAL's end (its last valid
// commit frame, read from the `-wal` file as SQLite's recovery would find it), and Litestream's own
// Prometheus metrics (the index of the WAL it reads, and what the replica holds: index and offset). A
// database is caught up when the replica holds the local WAL to its last commit; while it is not,
// the lag is how long ago a change not yet shipped was first seen (the sample interval is its resolution).
import { open } from "node:fs/promises";

/** A position in Litestream's terms: the shadow WAL's index (one per WAL restart) and the byte offset. */
export interface WalPosition {
  index: number;
  offset: number;
}

/** What Litestream's metrics say of one database. */
export interface LitestreamDbMetrics {
  /**
   * The index of the shadow WAL Litestream is reading (one per restart of the local WAL it has seen).
   * (`litestream_shadow_wal_size` is no offset in it: it counts the shadow WALs it keeps, all of them.)
   */
  index: number;
  /** What the replica holds: the index and the byte offset in that WAL. */
  replica: WalPosition | null;
  syncErrors: number;
}

/** The local WAL's end: its salts (they change when the WAL starts over) and the offset of its last commit. */
export interface LocalWal {
  salt: string;
  offset: number;
}

// One sample line of Prometheus' text format: name{labels} value. No nested quantifiers over the same
// characters: each part stops at a character the next one starts with.
const SAMPLE = /^([a-z_]+)\{([^}]*)\} (\S+)$/;
const LABEL = /([a-z_]+)="([^"]*)"/g;

/** Litestream's metrics text (`/metrics`), per database path. */
export function parseLitestreamMetrics(text: string): Map<string, LitestreamDbMetrics> {
  const raw = new Map<string, Record<string, number>>();
  for (const line of text.split("\n")) {
    if (!line.startsWith("litestream_")) continue;
    const m = SAMPLE.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries([...m[2].matchAll(LABEL)].map((l) => [l[1], l[2]]));
    if (!labels.db) continue;
    const values = raw.get(labels.db) ?? {};
    values[m[1]] = Number(m[3]);
    raw.set(labels.db, values);
  }
  const out = new Map<string, LitestreamDbMetrics>();
  for (const [db, v] of raw) {
    if (v.litestream_shadow_wal_index === undefined) continue;
    out.set(db, {
      index: v.litestream_shadow_wal_index,
      replica: v.litestream_replica_wal_index === undefined || v.litestream_replica_wal_offset === undefined
        ? null
        : { index: v.litestream_replica_wal_index, offset: v.litestream_replica_wal_offset },
      syncErrors: v.litestream_sync_error_count ?? 0,
    });
  }
  return out;
}

const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const WAL_MAGIC_LE = 0x377f0682;
const WAL_MAGIC_BE = 0x377f0683;
/** How much of the WAL is read at a time. */
const CHUNK = 1 << 22;

/** Where the scan of one WAL got to: its salts, the running checksum, and the end of the last commit. */
export interface WalScan {
  salt: string;
  /** Offset up to which frames were checked, and the checksum there. */
  checked: number;
  s0: number;
  s1: number;
  /** End of the last commit frame (0: none in this WAL). */
  offset: number;
}

/** SQLite's WAL checksum over `data` (a multiple of 8 bytes), continued from (s0, s1). */
function walChecksum(data: DataView, bigEndian: boolean, s0: number, s1: number): [number, number] {
  for (let i = 0; i < data.byteLength; i += 8) {
    s0 = (s0 + data.getUint32(i, !bigEndian) + s1) >>> 0;
    s1 = (s1 + data.getUint32(i + 4, !bigEndian) + s0) >>> 0;
  }
  return [s0, s1];
}

/**
 * The local WAL's end: the end of its last valid commit frame, as SQLite's own recovery finds it
 * (sqlite.org/walformat.html: each frame's salts equal the header's and its cumulative checksum holds).
 * Read from the `-wal` file, and only the part written since `prev` (the same salts): never from `-shm`,
 * whose descriptor closed here would drop this process's SQLite locks on it (POSIX locks are per process).
 */
export async function readLocalWal(dbPath: string, prev?: WalScan): Promise<WalScan | null> {
  let file;
  try {
    file = await open(`${dbPath}-wal`, "r");
  } catch {
    return null;
  }
  try {
    const head = new Uint8Array(WAL_HEADER);
    const { bytesRead } = await file.read(head, 0, WAL_HEADER, 0);
    if (bytesRead < WAL_HEADER) return { salt: "", checked: 0, s0: 0, s1: 0, offset: 0 };
    const h = new DataView(head.buffer);
    const magic = h.getUint32(0);
    if (magic !== WAL_MAGIC_LE && magic !== WAL_MAGIC_BE) return null;
    const bigEndian = magic === WAL_MAGIC_BE;
    const pageSize = h.getUint32(8) === 1 ? 65536 : h.getUint32(8);
    const salt1 = h.getUint32(16);
    const salt2 = h.getUint32(20);
    const salt = `${salt1.toString(16)}-${salt2.toString(16)}`;
    let scan: WalScan;
    if (prev && prev.salt === salt) scan = { ...prev };
    else {
      const [s0, s1] = walChecksum(new DataView(head.buffer, 0, 24), bigEndian, 0, 0);
      if (s0 !== h.getUint32(24) || s1 !== h.getUint32(28)) return null;
      scan = { salt, checked: WAL_HEADER, s0, s1, offset: 0 };
    }
    const frame = FRAME_HEADER + pageSize;
    const perChunk = Math.max(1, Math.floor(CHUNK / frame));
    const buf = new Uint8Array(perChunk * frame);
    while (true) {
      const { bytesRead: n } = await file.read(buf, 0, buf.length, scan.checked);
      const whole = Math.floor(n / frame);
      for (let f = 0; f < whole; f++) {
        const at = f * frame;
        const v = new DataView(buf.buffer, at, frame);
        if (v.getUint32(8) !== salt1 || v.getUint32(12) !== salt2) return scan;
        let [s0, s1] = walChecksum(new DataView(buf.buffer, at, 8), bigEndian, scan.s0, scan.s1);
        [s0, s1] = walChecksum(new DataView(buf.buffer, at + FRAME_HEADER, pageSize), bigEndian, s0, s1);
        if (s0 !== v.getUint32(16) || s1 !== v.getUint32(20)) return scan;
        scan.s0 = s0;
        scan.s1 = s1;
        scan.checked += frame;
        // A commit frame names the database's size in pages after the commit.
        if (v.getUint32(4) !== 0) scan.offset = scan.checked;
      }
      if (whole < perChunk) return scan;
    }
  } finally {
    await file.close();
  }
}

/** What the supervisor keeps of one database between samples. */
export interface LagTracker {
  /** The local WAL's end when the replica was last seen to hold all of it. */
  synced: string | null;
  /** When a change not yet replicated was first seen (ms), null while caught up. */
  behindSince: number | null;
  /** When the replica was last seen to hold everything (ms). */
  lastSyncAt: number | null;
}

export const NEW_TRACKER: LagTracker = { synced: null, behindSince: null, lastSyncAt: null };

/**
 * One sample of one database: caught up when the replica holds the local WAL to its last commit (the same
 * offset, in the WAL Litestream is reading now: after a restart of the local WAL it has not seen yet, the
 * index it reads is the old one); else behind since the first sample that saw a local change the replica
 * lacks.
 * A WAL that did not change since it was last replicated has nothing waiting, whether Litestream answers
 * or not (its state says whether it runs).
 */
export function track(
  prev: LagTracker,
  local: LocalWal | null,
  metrics: LitestreamDbMetrics | undefined,
  now: number,
): LagTracker {
  const key = local ? `${local.salt}/${local.offset}` : "none";
  const replica = metrics?.replica;
  const holds = local !== null && replica != null && replica.index === metrics!.index &&
    (replica.offset === local.offset || local.offset === 0);
  if (holds) return { synced: key, behindSince: null, lastSyncAt: now };
  if (key === prev.synced) return { ...prev, behindSince: null };
  return { ...prev, behindSince: prev.behindSince ?? now };
}

/** One database's replication as the state file carries it. */
export interface DbReplication {
  /** The tenant's slug; null for the control database. */
  tenant: string | null;
  replicated: boolean;
  /** Why a tenant is not replicated (libsql, suspended, elsewhere, no-file). */
  reason?: string;
  /** The local WAL's end (byte offset of its last commit), null if no WAL index is open. */
  localOffset?: number | null;
  /** The index of the WAL Litestream reads now, and what the replica holds (Litestream's positions). */
  litestreamIndex?: number | null;
  replica?: WalPosition | null;
  /** When a change not yet replicated was first seen (ISO), null while caught up. */
  behindSince?: string | null;
  lastSyncAt?: string | null;
  syncErrors?: number;
}

/** The lag of `db` at `now`, in seconds (0 when caught up or not replicated). */
export function lagSeconds(db: DbReplication, now: number): number {
  if (!db.replicated || !db.behindSince) return 0;
  return Math.max(0, (now - Date.parse(db.behindSince)) / 1000);
}
