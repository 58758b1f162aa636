// `deno task tenant replication [--max-lag <seconds>]`: the replication's state as the running server's
// supervisor last sampled it (<DATA_DIR>/replication/state.json, decision 0019), one line per database,
// for a person or a monitor: the exit code is 1 when a replica is behind by more than the threshold, or
// when no server replicates here now (no state, or one not refreshed: the server is stopped or stuck).
import type { ReplicationView } from "../server/replication/view.ts";

export const DEFAULT_MAX_LAG_SECONDS = 10;

function ago(iso: string | null | undefined, now: number): string {
  if (!iso) return "never";
  const s = Math.max(0, (now - Date.parse(iso)) / 1000);
  return s < 60 ? `${s.toFixed(1)} s ago` : s < 3600 ? `${Math.floor(s / 60)} min ago` : iso;
}

/** The table and whether the replication is healthy (every replica within `maxLag` seconds). */
export function replicationReport(
  view: ReplicationView,
  maxLag: number,
  now = Date.now(),
): { lines: string[]; ok: boolean } {
  if (!view.configured) {
    return { lines: ["REPLICA_URL is not set: nothing is replicated"], ok: false };
  }
  if (!view.sampledAt) return { lines: ["no server has replicated from this data directory"], ok: false };
  const lines = [
    `${"tenant".padEnd(24)} ${"state".padEnd(28)} ${"lag".padStart(9)}  last sync`,
  ];
  for (const db of view.databases) {
    const state = db.replicated ? db.state : `not replicated (${db.reason})`;
    const lag = db.replicated ? `${db.lagSeconds.toFixed(1)} s` : "-";
    lines.push(
      `${(db.tenant ?? "(control)").padEnd(24)} ${state.padEnd(28)} ${lag.padStart(9)}  ${
        db.replicated ? ago(db.lastSyncAt, now) : "-"
      }`,
    );
  }
  const over = view.databases.filter((d) => d.replicated && d.lagSeconds > maxLag);
  lines.push(
    `Litestream ${view.running ? `running (pid ${view.pid})` : "not running"}, ${view.restarts} restart(s)` +
      `; max lag ${view.maxLagSeconds.toFixed(1)} s, ${view.behind} behind, ${over.length} over ${maxLag} s`,
  );
  if (view.lastError) lines.push(`last error (${view.lastError.at}): ${view.lastError.message}`);
  if (!view.live) {
    lines.push(
      `the state was last written ${ago(view.sampledAt, now)}: the server is not running or is stuck`,
    );
  }
  return { lines, ok: view.live && over.length === 0 };
}
