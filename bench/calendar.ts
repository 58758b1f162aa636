// The calendar at size (issue 17): a month holding 10,000 entries (documents' planned dates, orders' pack-by
// dates and events of its own, a third each) among 200,000 documents and orders spread over two years, and
//  1. the month view's query over loopback HTTP (GET Calendar/entries for six weeks, JSON), beside the raw
//     driver reading the same rows by the same indexes;
//  2. a user's ICS feed (GET Calendar/feed/{secret}.ics: four months of entries as iCalendar text).
import { DatabaseSync } from "node:sqlite";
import { call, createTenant, signIn } from "../tests/fixtures/harness.ts";
import { filePathOf } from "../server/db/local.ts";
import {
  analyse,
  begin,
  type BenchResult,
  type Distribution,
  distribution,
  p50p99,
  progress,
  rng,
  startBenchServer,
  timeEach,
  versus,
  writeResult,
} from "./lib.ts";

export const NAME = "calendar";

const PARAMS = {
  /** Entries in the month asked for. */
  inMonth: 10_000,
  /** Documents and orders outside it (two years either side). */
  elsewhere: 200_000,
  month: { from: "2026-10-26T00:00:00.000Z", to: "2026-12-07T00:00:00.000Z" },
  queries: 40,
  warmup: 3,
  feeds: 10,
  seed: 31,
  /** Bound: the month's answer p99 (ms). */
  monthP99BoundMs: 1_500,
};

type Results = {
  fillSeconds: number;
  entries: number;
  month: { api: Distribution; raw: Distribution; ratioP50: number; ratioP99: number; bytes: number };
  feed: { answer: Distribution; entries: number; bytes: number };
};

const iso = (t: number) => new Date(t).toISOString();

function fill(raw: DatabaseSync, random: () => number): void {
  const from = Date.parse(PARAMS.month.from) + 7 * 86_400_000;
  const span = 28 * 86_400_000;
  const wide = 730 * 86_400_000;
  const now = new Date().toISOString();
  const doc = raw.prepare(
    "INSERT INTO wms_documents (document_number, type_code, status_code, planned_date, created_at, updated_at) " +
      "VALUES (?, 'DIN', 'workingCopy', ?, ?, ?)",
  );
  const order = raw.prepare(
    "INSERT INTO wms_orders (order_number, type_code, status_code, process_status_code, pack_by, created_at, " +
      "updated_at) VALUES (?, 'OOU', 'confirmed', 'pending', ?, ?, ?)",
  );
  const event = raw.prepare(
    "INSERT INTO calendar_events (title, start_date, finish_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
  );
  raw.exec("BEGIN");
  const third = Math.floor(PARAMS.inMonth / 3);
  for (let i = 0; i < third; i++) {
    const at = from + Math.floor(random() * span / 900_000) * 900_000;
    doc.run(`IN/${i}`, iso(at), now, now);
    order.run(`OOU/${i}`, iso(at + 3600_000), now, now);
  }
  for (let i = 0; i < PARAMS.inMonth - 2 * third; i++) {
    const at = from + Math.floor(random() * span / 900_000) * 900_000;
    event.run(`Event ${i}`, iso(at), iso(at + 3600_000), now, now);
  }
  for (let i = 0; i < PARAMS.elsewhere; i++) {
    // Outside the month: a year or two before or after it.
    const sign = random() < 0.5 ? -1 : 1;
    const at = Date.parse(PARAMS.month.from) + sign * (60 * 86_400_000 + Math.floor(random() * wide));
    if (i % 2) doc.run(`OLD/${i}`, iso(at), now, now);
    else order.run(`OLD-O/${i}`, iso(at), now, now);
  }
  raw.exec("COMMIT");
  analyse(raw);
}

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024 });
  try {
    const tenant = await createTenant(server, `bench-${NAME}`);
    const { token } = await signIn(server, `bench-${NAME}-admin`);
    const raw = new DatabaseSync(filePathOf(tenant.dbUrl));
    raw.exec("PRAGMA busy_timeout = 5000");
    progress(NAME, `filling ${PARAMS.inMonth} entries in the month and ${PARAMS.elsewhere} elsewhere`);
    const t0 = performance.now();
    fill(raw, rng(PARAMS.seed));
    const fillSeconds = Math.round((performance.now() - t0) / 100) / 10;

    const path = `/api/Calendar/entries?from=${PARAMS.month.from}&to=${PARAMS.month.to}`;
    let entries = 0;
    let bytes = 0;
    const ask = async () => {
      const r = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`${r.status} ${text}`);
      bytes = text.length;
      entries = JSON.parse(text).entries.length;
    };
    for (let i = 0; i < PARAMS.warmup; i++) await ask();
    progress(NAME, "the month's query over HTTP");
    const api = await timeEach(PARAMS.queries, ask);
    // The raw driver: the same three reads by the same indexes (the text bounds a day wider), no JSON.
    const low = PARAMS.month.from.slice(0, 10);
    const high = "2026-12-08\uffff";
    const docs = raw.prepare(
      "SELECT d.id, d.document_number, d.type_code, d.status_code, c.short_name, d.planned_date, " +
        "d.assigned_user_id, d.source_location_id, d.destination_location_id, d.version FROM wms_documents d " +
        "LEFT JOIN companies c ON c.id = d.contractor_id WHERE d.planned_date >= ? AND d.planned_date < ?",
    );
    const orders = raw.prepare(
      "SELECT o.id, o.order_number, o.type_code, o.status_code, c.short_name, o.pack_by, o.assigned_user_id, " +
        "o.source_location_id, o.destination_location_id, o.version FROM wms_orders o " +
        "LEFT JOIN companies c ON c.id = o.contractor_id WHERE o.pack_by >= ? AND o.pack_by < ?",
    );
    const events = raw.prepare(
      "SELECT * FROM calendar_events WHERE start_date >= ? AND start_date < ? AND finish_date > ?",
    );
    const rawTimes = await timeEach(PARAMS.queries, () => {
      docs.all(low, high);
      orders.all(low, high);
      events.all(iso(Date.parse(PARAMS.month.from) - 31 * 86_400_000), PARAMS.month.to, PARAMS.month.from);
    });

    progress(NAME, "the ICS feed");
    const made = await call(server, "POST", "/api/Calendar/feed", { token });
    const feedPath = new URL(made.body.url).pathname;
    let feedBytes = 0;
    let feedEntries = 0;
    const feed = await timeEach(PARAMS.feeds, async () => {
      const text = await (await fetch(`${server.baseUrl}${feedPath}`)).text();
      feedBytes = text.length;
      feedEntries = text.split("BEGIN:VEVENT").length - 1;
    });
    raw.close();
    const results: Results = {
      fillSeconds,
      entries,
      month: { ...versus(api, rawTimes), bytes },
      feed: { answer: distribution(feed), entries: feedEntries, bytes: feedBytes },
    };
    return writeResult(
      NAME,
      started,
      PARAMS,
      results,
      entries >= PARAMS.inMonth && results.month.api.p99 <= PARAMS.monthP99BoundMs,
      [
        "One thread serves the HTTP calls and runs this script (WORKERS=0): the figures include the client's own",
        "fetch and the JSON parse. The raw side runs the same three index reads, without placing the dates, the",
        "dock lookup, sorting or JSON. The feed spans 14 days back to 62 ahead of the day it runs.",
      ],
    );
  } finally {
    await server.close();
  }
}

const d = p50p99;

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `${x.entries.toLocaleString("en")} entries in the month among ${
      PARAMS.elsewhere.toLocaleString("en")
    } others (filled in ${x.fillSeconds} s):`,
    `  month query ${d(x.month.api)}  raw ${
      d(x.month.raw)
    }  ratio p50 ${x.month.ratioP50}, p99 ${x.month.ratioP99}; ${Math.round(x.month.bytes / 1024)} KB`,
    `  ICS feed ${d(x.feed.answer)}, ${x.feed.entries} events, ${Math.round(x.feed.bytes / 1024)} KB`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const l of summarize(r)) console.log(l); }
  Deno.exit(0);
}
