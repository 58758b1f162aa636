// The stock engine under random use: sequences of working copies of all nine types (products that require
// an expiry date or a serial number, locations, containers, quantities above what is there), confirmations
// with and without acceptWarnings, reverts (some of which must be refused), deletions, group movements,
// released locations, and confirmations fired in parallel over HTTP at the same stock. After every step:
// the lines equal the ledger, the summaries equal the lines, nothing is negative, a refused call left the
// stock and document tables byte for byte as they were, and the stock equals an in-test model that keeps
// the expected quantity per line key from the accepted confirmations and reverts (FEFO allocation written
// again here from the spec, not imported). The model also judges the answers: a 200 where it finds too
// little stock, a refusal for want of stock it does not find (in parallel: in no state between the
// commits), or a revert refused or allowed against its ledger, fail the sequence.
//
// The server runs as `npm start` runs it: a front and STOCK_PROPERTY_WORKERS shard threads (2; 0 serves
// it all on the test's thread), so the sequences cross the front's hand-over to the tenant's shard too.
//
// One server and one tenant serve every sequence; each sequence starts from a reset (stock, documents and
// the record log emptied, containers sent home) rather than a fresh tenant, because provisioning a tenant
// (migrations, sign-in, master data) costs more than a whole sequence and the master data is the same.
//
// `npm test` runs 200 sequences; `deno task soak` runs STOCK_PROPERTY_RUNS (5,000). STOCK_PROPERTY_SEED and
// STOCK_PROPERTY_PATH (both printed with a failure) replay it; STOCK_PROPERTY_TRACE=1 prints every
// sequence. A failure prints the shrunk sequence as it was done (ids, quantities, dates), a step a line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  type AnyWorld,
  assertStockEqualsLedger,
  company,
  confirm,
  container,
  draft,
  dumpStock,
  location,
  product,
  revert,
  startShardedStockWorld,
  startStockWorld,
} from "./fixture.ts";

const RUNS = Number(Deno.env.get("STOCK_PROPERTY_RUNS") ?? 200);
const SEED = Deno.env.get("STOCK_PROPERTY_SEED");
const PATH = Deno.env.get("STOCK_PROPERTY_PATH");
const TRACE = Deno.env.get("STOCK_PROPERTY_TRACE") === "1";

const TYPES = ["DIN", "DOU", "IIN", "IOU", "OIN", "OOU", "CRL", "ARL", "PRL"] as const;
type TypeCode = (typeof TYPES)[number];
const EXTERNAL = new Set<TypeCode>(["DIN", "DOU", "OIN", "OOU"]);
const TAKES = new Set<TypeCode>(["DOU", "IOU", "OOU", "CRL", "ARL", "PRL"]);
const PUTS = new Set<TypeCode>(["DIN", "IIN", "OIN", "CRL", "ARL", "PRL"]);

/** Products by role: plain, expiry required, serial number required (the company's), the contractor's own. */
const PRODUCTS = ["PLAIN", "EXP", "SER", "OWN"] as const;
/** Expiry dates in days from today: expired (blocked), short (a warning), far, farther. */
const EXPIRIES = [null, -5, 10, 400, 800] as const;
const SERIALS = [null, "S1", "S2"] as const;
/** A container choice: none, the one standing at the location (if any), or K0 / K1 wherever they stand. */
type ContainerChoice = "none" | "here" | 0 | 1;

interface PositionSpec {
  /** Index into the products that fit the document (a contractor's product on a contractor's document). */
  product: number;
  /** False: a product that does not fit (a refusal). */
  fit: boolean;
  /** Thousandths, for documents that bring stock in; 0 and negative ones must be refused. */
  quantity: number;
  /** For documents that take stock: this percentage of what the source holds (above 100: too much). */
  share: number;
  expiry: number;
  serial: number;
  /** Whether a taking position names the expiry date and serial number (else any, FEFO). */
  name: boolean;
  /** A source container of the position's own. */
  sourceContainer: ContainerChoice;
}

interface DocSpec {
  type: TypeCode;
  source: number;
  sourceContainer: ContainerChoice;
  destination: number;
  destinationContainer: ContainerChoice;
  /** A PRL's positions are everything its container holds (else what the positions say: a refusal). */
  whole: boolean;
  positions: PositionSpec[];
}

type Step =
  | { kind: "doc"; doc: DocSpec; acceptWarnings: boolean }
  | { kind: "draft"; doc: DocSpec }
  | { kind: "confirm"; pick: number; acceptWarnings: boolean }
  | { kind: "revert"; pick: number; anyStatus: boolean }
  | { kind: "delete"; pick: number }
  | { kind: "parallel"; docs: DocSpec[]; twice: boolean; acceptWarnings: boolean }
  | { kind: "release"; location: number; to: number }
  | {
    kind: "group";
    moves: { pick: number; share: number; name: boolean }[];
    destination: number;
    destinationContainer: ContainerChoice;
    confirm: boolean;
    acceptWarnings: boolean;
  };

const containerArb = (here: number): fc.Arbitrary<ContainerChoice> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant("none" as const) },
    { weight: here, arbitrary: fc.constant("here" as const) },
    { weight: 1, arbitrary: fc.constantFrom(0 as const, 1 as const) },
  );

const positionArb: fc.Arbitrary<PositionSpec> = fc.record({
  product: fc.nat(2),
  fit: fc.oneof({ weight: 15, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  quantity: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 5 }).map((n) => n * 1000) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 6000 }) },
    // Zero is stored and refused at confirmation (quantityNotPositive); a negative quantity is refused on
    // input (400 validation.tooSmall: tests/integration/limits.test.ts).
    { weight: 1, arbitrary: fc.constant(0) },
  ),
  share: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 100 }) },
    { weight: 2, arbitrary: fc.constant(100) },
    { weight: 1, arbitrary: fc.integer({ min: 101, max: 150 }) },
  ),
  expiry: fc.oneof(
    { weight: 3, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.constant(1) },
    { weight: 6, arbitrary: fc.integer({ min: 2, max: 4 }) },
  ),
  serial: fc.nat(SERIALS.length - 1),
  name: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  sourceContainer: fc.oneof({ weight: 8, arbitrary: fc.constant("none" as const) }, containerArb(2)),
});

const docArb: fc.Arbitrary<DocSpec> = fc.record({
  type: fc.constantFrom(...TYPES),
  source: fc.nat(2),
  sourceContainer: containerArb(3),
  destination: fc.nat(2),
  destinationContainer: containerArb(2),
  whole: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  positions: fc.array(positionArb, { minLength: 1, maxLength: 2 }),
});

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("release" as const),
      location: fc.nat(2),
      to: fc.integer({ min: -1, max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("group" as const),
      moves: fc.array(
        fc.record({
          pick: fc.nat(20),
          share: fc.oneof(
            { weight: 4, arbitrary: fc.integer({ min: 1, max: 100 }) },
            { weight: 1, arbitrary: fc.integer({ min: 101, max: 150 }) },
          ),
          name: fc.boolean(),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      destination: fc.nat(2),
      destinationContainer: containerArb(2),
      confirm: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, {
        weight: 1,
        arbitrary: fc.constant(false),
      }),
      acceptWarnings: fc.boolean(),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant("doc" as const), doc: docArb, acceptWarnings: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("draft" as const), doc: docArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("confirm" as const),
      pick: fc.nat(9),
      acceptWarnings: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("revert" as const),
      pick: fc.nat(9),
      anyStatus: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, {
        weight: 1,
        arbitrary: fc.constant(true),
      }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat(9) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("parallel" as const),
      docs: fc.array(docArb, { minLength: 2, maxLength: 3 }),
      twice: fc.boolean(),
      acceptWarnings: fc.boolean(),
    }),
  },
);

// ---- The model -----------------------------------------------------------------------------------------

interface Key {
  productId: number;
  locationId: number;
  containerId: number | null;
  expiryDate: string | null;
  serialNumber: string | null;
}
const keyText = (k: Key) =>
  JSON.stringify([k.productId, k.locationId, k.containerId, k.expiryDate, null, k.serialNumber]);
interface ModelLine {
  key: Key;
  quantity: number;
  /** Creation order, which is the order of the real lines' ids (FEFO's tie-break). */
  seq: number;
}
interface ModelMove {
  key: Key;
  delta: number;
}
interface ModelPosition {
  id: number;
  productId: number;
  quantity: number;
  expiryDate: string | null;
  serialNumber: string | null;
  sourceContainerId: number | null;
  /** A position's own source (a group movement's moves name theirs; the header has none). */
  sourceLocationId?: number | null;
}
interface ModelDoc {
  id: number;
  type: TypeCode;
  /** What the trace calls it: its type and the number of the step that made it. */
  label: string;
  status: "workingCopy" | "confirmed" | "reverted" | "deleted";
  positions: ModelPosition[];
  sourceLocationId: number | null;
  sourceContainerId: number | null;
  destinationLocationId: number | null;
  destinationContainerId: number | null;
  moves: ModelMove[];
  /**
   * A document the server generated (a released location): each position names its very line, so a null
   * expiry date or serial number takes only stock without one, not any (FEFO).
   */
  exact?: boolean;
}

class Model {
  lines = new Map<string, ModelLine>();
  #seq = 0;
  docs: ModelDoc[] = [];
  /** What was done, resolved (ids, quantities, dates), for the report of a failing sequence. */
  trace: string[] = [];

  /** What confirming `d` would move, and the positions the stock cannot cover. */
  /** The stock lines as they are now, for judging later against this moment. */
  copyLines(): Map<string, ModelLine> {
    return new Map([...this.lines].map(([k, l]) => [k, { ...l }]));
  }

  /** What confirming `d` would move (against `lines`, by default the present stock), and what is short. */
  plan(d: ModelDoc, lines = this.lines): { moves: ModelMove[]; short: Set<number> } {
    const short = new Set<number>();
    const takesFrom = new Map<number, { line: ModelLine; quantity: number }[]>();
    if (TAKES.has(d.type)) {
      const left = new Map<string, number>();
      const named = (p: ModelPosition) => Number(p.expiryDate !== null) + Number(p.serialNumber !== null);
      const order = [...d.positions].sort((a, b) => named(b) - named(a) || a.id - b.id);
      for (const p of order) {
        const containerId = p.sourceContainerId ?? d.sourceContainerId;
        const locationId = p.sourceLocationId ?? d.sourceLocationId;
        if (p.quantity <= 0 || locationId === null) continue;
        const candidates = [...lines.values()].filter((l) =>
          l.key.productId === p.productId && l.key.locationId === locationId &&
          l.key.containerId === containerId &&
          ((p.expiryDate === null && !d.exact) || l.key.expiryDate === p.expiryDate) &&
          ((p.serialNumber === null && !d.exact) || l.key.serialNumber === p.serialNumber)
        ).sort((a, b) => {
          if (a.key.expiryDate !== b.key.expiryDate) {
            if (a.key.expiryDate === null) return 1;
            if (b.key.expiryDate === null) return -1;
            return a.key.expiryDate < b.key.expiryDate ? -1 : 1;
          }
          return a.seq - b.seq;
        });
        let needed = p.quantity;
        const takes: { line: ModelLine; quantity: number }[] = [];
        for (const line of candidates) {
          const k = keyText(line.key);
          const has = left.get(k) ?? line.quantity;
          if (needed === 0 || has === 0) continue;
          const take = Math.min(has, needed);
          takes.push({ line, quantity: take });
          left.set(k, has - take);
          needed -= take;
        }
        if (needed > 0) short.add(p.id);
        takesFrom.set(p.id, takes);
      }
    }
    const moves: ModelMove[] = [];
    for (const p of d.positions) {
      const destinationContainerId = d.destinationContainerId ??
        (d.type === "PRL" ? p.sourceContainerId ?? d.sourceContainerId : null);
      if (!TAKES.has(d.type)) {
        moves.push({
          delta: p.quantity,
          key: {
            productId: p.productId,
            locationId: d.destinationLocationId!,
            containerId: destinationContainerId,
            expiryDate: p.expiryDate,
            serialNumber: p.serialNumber,
          },
        });
        continue;
      }
      for (const t of takesFrom.get(p.id) ?? []) {
        moves.push({ delta: -t.quantity, key: t.line.key });
        if (PUTS.has(d.type)) {
          moves.push({
            delta: t.quantity,
            key: { ...t.line.key, locationId: d.destinationLocationId!, containerId: destinationContainerId },
          });
        }
      }
    }
    return { moves, short };
  }

  /** Keys a set of moves would take below zero (for a revert: "the stock has left"). */
  shortOf(moves: ModelMove[]): string[] {
    const net = this.#net(moves);
    return [...net.entries()].filter(([k, e]) => e.delta < 0 && (this.lines.get(k)?.quantity ?? 0) < -e.delta)
      .map(([k]) => k);
  }

  #net(moves: ModelMove[]) {
    const net = new Map<string, { key: Key; delta: number }>();
    for (const m of moves) {
      const k = keyText(m.key);
      const e = net.get(k);
      if (e) e.delta += m.delta;
      else net.set(k, { key: m.key, delta: m.delta });
    }
    for (const [k, e] of net) if (e.delta === 0) net.delete(k);
    return net;
  }

  /** Applies moves as the ledger does: takes first, then additions in order (new lines in that order). */
  apply(moves: ModelMove[]): void {
    const net = this.#net(moves);
    for (const [k, e] of net) {
      if (e.delta > 0) continue;
      const line = this.lines.get(k);
      if (!line || line.quantity + e.delta < 0) throw new Error(`model: ${k} would go below zero`);
      line.quantity += e.delta;
      if (line.quantity === 0) this.lines.delete(k);
    }
    for (const [k, e] of net) {
      if (e.delta < 0) continue;
      const line = this.lines.get(k);
      if (line) line.quantity += e.delta;
      else this.lines.set(k, { key: e.key, quantity: e.delta, seq: ++this.#seq });
    }
  }
}

// ---- The world -----------------------------------------------------------------------------------------

let w: AnyWorld;
const WORKERS = Number(Deno.env.get("STOCK_PROPERTY_WORKERS") ?? 2);
let contractor: number;
/** PLAIN, EXP, SER, OWN. */
const productIds: number[] = [];
const locationIds: number[] = [];
const containers: { id: number; home: number }[] = [];

function isoDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  // The soak runs longer than a sign-in lasts by default.
  w = WORKERS > 0
    ? await startShardedStockWorld("prop", { accessTokenTtlSeconds: 24 * 3600, workers: WORKERS, readers: 1 })
    : await startStockWorld("prop", { accessTokenTtlSeconds: 24 * 3600 });
  contractor = await company(w, "PROP-C");
  productIds.push(
    await product(w, "PLAIN"),
    await product(w, "EXP", { expiryDateRequired: true }),
    await product(w, "SER", { serialNumberRequired: true }),
    await product(w, "OWN", { contractorId: contractor }),
  );
  for (const label of ["L0", "L1", "L2"]) locationIds.push(await location(w, label));
  for (const home of [0, 1]) {
    containers.push({ id: (await container(w, locationIds[home])).id, home: locationIds[home] });
  }
});
afterAll(() => w?.s.close());

/** Empties the stock, the documents (and their month's count) and the record log, and sends the containers home. */
async function reset(): Promise<void> {
  for (
    const t of [
      "stock_movements",
      "stock_lines",
      "stock_product_totals",
      "stock_product_flows",
      "stock_location_totals",
      "wms_document_positions",
      "wms_documents",
      // The month's count of confirmed documents goes with them (the account's limit: config/account/usage.ts).
      "document_usage",
      "record_log",
    ]
  ) await w.query(`DELETE FROM ${t}`);
  for (const c of containers) {
    await w.query("UPDATE containers SET location_id = ? WHERE id = ?", [c.home, c.id]);
  }
}

const productName = (id: number) => PRODUCTS[productIds.indexOf(id)];
const locationName = (id: number | null) => (id === null ? "-" : `L${locationIds.indexOf(id)}`);
const containerName = (id: number | null) =>
  id === null ? "" : `/K${containers.findIndex((c) => c.id === id)}`;

/**
 * Makes a working copy from a spec, resolved against the present state the way a user would fill it in
 * looking at the stock: the container standing at the location, a share of what the source holds, the
 * whole content of a container to move. Answers the model's document and a line for the trace.
 */
async function makeDraft(model: Model, spec: DocSpec, label: string): Promise<ModelDoc> {
  const standing = await w.query("SELECT id, location_id AS l FROM containers");
  const resolve = (choice: ContainerChoice, locationId: number): number | null => {
    if (choice === "none") return null;
    if (choice === "here") return Number(standing.find((c) => Number(c.l) === locationId)?.id ?? 0) || null;
    return containers[choice].id;
  };
  const taking = TAKES.has(spec.type);
  const lines = [...model.lines.values()];
  // A taking document mostly goes where there is stock: the location (and container) of some line.
  const external = EXTERNAL.has(spec.type);
  const candidates = lines.filter((l) =>
    (l.key.productId === productIds[3]) === external && (spec.type !== "PRL" || l.key.containerId !== null)
  );
  const stocked = taking && candidates.length && spec.whole
    ? candidates[spec.source % candidates.length]
    : undefined;
  const sourceLocationId = !taking ? null : stocked?.key.locationId ?? locationIds[spec.source];
  const destinationLocationId = PUTS.has(spec.type) ? locationIds[spec.destination] : null;
  const sourceChoice = spec.type === "PRL" && spec.sourceContainer === "none" ? "here" : spec.sourceContainer;
  const sourceContainerId = sourceLocationId === null
    ? null
    : stocked && sourceChoice === "here"
    ? stocked.key.containerId
    : resolve(sourceChoice, sourceLocationId);
  const destinationContainerId = destinationLocationId === null
    ? null
    : resolve(spec.destinationContainer, destinationLocationId);
  const header = {
    typeCode: spec.type,
    contractorId: EXTERNAL.has(spec.type) ? contractor : null,
    sourceLocationId,
    sourceContainerId,
    destinationLocationId,
    destinationContainerId,
  };
  let positions: Omit<ModelPosition, "id">[];
  const content = lines.filter((l) =>
    l.key.locationId === sourceLocationId && l.key.containerId === sourceContainerId
  );
  if (spec.type === "PRL" && spec.whole && sourceContainerId !== null && content.length) {
    positions = content.map((l) => ({
      productId: l.key.productId,
      quantity: l.quantity,
      expiryDate: l.key.expiryDate,
      serialNumber: l.key.serialNumber,
      sourceContainerId: null,
    }));
  } else {
    positions = spec.positions.map((p) => {
      const fitting = productIds.filter((id) => (id === productIds[3]) === (external === p.fit));
      const there = content.filter((l) => fitting.includes(l.key.productId));
      const productId = taking && there.length
        ? there[p.product % there.length].key.productId
        : fitting[p.product % fitting.length];
      if (!taking) {
        return {
          productId,
          quantity: p.quantity,
          expiryDate: EXPIRIES[p.expiry] === null ? null : isoDay(EXPIRIES[p.expiry]!),
          serialNumber: SERIALS[p.serial],
          sourceContainerId: null,
        };
      }
      const positionContainerId = p.sourceContainer === "none"
        ? null
        : resolve(p.sourceContainer, sourceLocationId!);
      const from = lines.filter((l) =>
        l.key.productId === productId && l.key.locationId === sourceLocationId &&
        l.key.containerId === (positionContainerId ?? sourceContainerId)
      );
      const named = p.name && from.length ? from[p.serial % from.length] : undefined;
      const available = from.filter((l) =>
        !named || (l.key.expiryDate === named.key.expiryDate && l.key.serialNumber === named.key.serialNumber)
      ).reduce((sum, l) => sum + l.quantity, 0);
      return {
        productId,
        quantity: p.quantity > 0 && available > 0 ? Math.ceil((available * p.share) / 100) : p.quantity,
        expiryDate: named?.key.expiryDate ?? null,
        serialNumber: named?.key.serialNumber ?? null,
        sourceContainerId: positionContainerId,
      };
    });
  }
  const d = await draft(w, header, positions.map((p) => ({ ...p, quantity: p.quantity / 1000 })));
  const doc: ModelDoc = {
    id: d.id,
    type: spec.type,
    label,
    status: "workingCopy",
    positions: positions.map((p, i) => ({ ...p, id: d.positionIds[i] })),
    sourceLocationId,
    sourceContainerId,
    destinationLocationId,
    destinationContainerId,
    moves: [],
  };
  model.docs.push(doc);
  const shown = positions.map((p) =>
    `${productName(p.productId)} ${p.quantity / 1000}` + (p.expiryDate ? ` exp ${p.expiryDate}` : "") +
    (p.serialNumber ? ` ${p.serialNumber}` : "") +
    (p.sourceContainerId ? ` from${containerName(p.sourceContainerId)}` : "")
  );
  model.trace.push(
    `draft ${label} (WmsDocument ${d.id}): ${spec.type}` +
      (taking ? ` from ${locationName(sourceLocationId)}${containerName(sourceContainerId)}` : "") +
      (destinationLocationId
        ? ` to ${locationName(destinationLocationId)}${containerName(destinationContainerId)}`
        : "") +
      ` [${shown.join("; ")}]`,
  );
  return doc;
}

/**
 * Every sequence starts from the same stock, so that its first steps have something to take: loose and
 * in K0 at L0 (an expiry-dated and a serial-numbered product among them), the contractor's at L1.
 */
async function seed(model: Model): Promise<void> {
  const receipts: [TypeCode, Record<string, unknown>, Omit<ModelPosition, "id">[]][] = [
    ["IIN", { destinationLocationId: locationIds[0] }, [
      {
        productId: productIds[0],
        quantity: 5000,
        expiryDate: null,
        serialNumber: null,
        sourceContainerId: null,
      },
      {
        productId: productIds[1],
        quantity: 3000,
        expiryDate: isoDay(400),
        serialNumber: null,
        sourceContainerId: null,
      },
    ]],
    ["IIN", { destinationLocationId: locationIds[0], destinationContainerId: containers[0].id }, [
      {
        productId: productIds[0],
        quantity: 4000,
        expiryDate: null,
        serialNumber: null,
        sourceContainerId: null,
      },
      {
        productId: productIds[2],
        quantity: 2000,
        expiryDate: null,
        serialNumber: "S1",
        sourceContainerId: null,
      },
    ]],
    ["DIN", { contractorId: contractor, destinationLocationId: locationIds[1] }, [
      {
        productId: productIds[3],
        quantity: 6000,
        expiryDate: isoDay(800),
        serialNumber: null,
        sourceContainerId: null,
      },
    ]],
  ];
  for (const [i, [type, header, positions]] of receipts.entries()) {
    const d = await draft(
      w,
      { typeCode: type, ...header },
      positions.map((p) => ({ ...p, quantity: p.quantity / 1000 })),
    );
    const doc: ModelDoc = {
      id: d.id,
      type,
      label: `seed${i}`,
      status: "workingCopy",
      positions: positions.map((p, j) => ({ ...p, id: d.positionIds[j] })),
      sourceLocationId: null,
      sourceContainerId: null,
      destinationLocationId: header.destinationLocationId as number,
      destinationContainerId: (header.destinationContainerId as number | undefined) ?? null,
      moves: [],
    };
    model.docs.push(doc);
    const r = await confirm(w, d.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    judgeConfirm(model, doc, r.status, r.body, `seed ${i}`);
  }
  model.trace.push("seed: L0 PLAIN 5, EXP 3; L0/K0 PLAIN 4, SER 2 S1; L1 OWN 6 (seed0, seed1, seed2)");
}

// deno-lint-ignore no-explicit-any
function issuesOf(body: any, code: string): (number | null)[] {
  return (body?.error?.issues ?? []).filter((i: { code: string }) => i.code === `document.issue.${code}`)
    .map((i: { positionId: number | null }) => i.positionId);
}

// deno-lint-ignore no-explicit-any
function outcome(r: { status: number; body: any }): string {
  if (r.status < 300) return String(r.status);
  const issues = new Set(
    (r.body?.error?.issues ?? []).map((i: { code: string }) => i.code.replace("document.issue.", "")),
  );
  return `${r.status} ${r.body?.error?.code}${issues.size ? ` (${[...issues].join(", ")})` : ""}`;
}

/** How often each outcome came up, printed at the end: a property that never refuses proves little. */
const seen = new Map<string, number>();
function count(what: string): void {
  seen.set(what, (seen.get(what) ?? 0) + 1);
}

/** The model's document for one the server made (a group movement, a released location). */
// deno-lint-ignore no-explicit-any
async function modelDocOf(dto: any, label: string): Promise<ModelDoc> {
  const r = await w.api("GET", `/WmsDocument/${dto.id}/Positions?sortColumn=id`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // deno-lint-ignore no-explicit-any
  const positions: ModelPosition[] = r.body.results.map((p: any) => ({
    id: p.id,
    productId: p.productId,
    quantity: Math.round(p.quantity * 1000),
    expiryDate: p.expiryDate,
    serialNumber: p.serialNumber,
    sourceContainerId: p.sourceContainerId,
    sourceLocationId: p.sourceLocationId,
  }));
  return {
    id: dto.id,
    type: dto.typeCode,
    label,
    status: "workingCopy",
    positions,
    sourceLocationId: dto.sourceLocationId,
    sourceContainerId: dto.sourceContainerId,
    destinationLocationId: dto.destinationLocationId,
    destinationContainerId: dto.destinationContainerId,
    moves: [],
    exact: dto.generated === true,
  };
}

/** The model's verdict on one confirmation the server answered. */
// deno-lint-ignore no-explicit-any
function judgeConfirm(model: Model, doc: ModelDoc, status: number, body: any, what: string): void {
  if (doc.status === "deleted") {
    expect(status, what).toBe(404);
    return;
  }
  if (doc.status !== "workingCopy") {
    expect(status, `${what}: confirming a ${doc.status} document`).toBe(422);
    expect(issuesOf(body, "notWorkingCopy"), what).toEqual([null]);
    return;
  }
  const plan = model.plan(doc);
  if (status === 200) {
    expect([...plan.short], `${what}: confirmed although the model finds too little stock`).toEqual([]);
    model.apply(plan.moves);
    doc.moves = plan.moves;
    doc.status = "confirmed";
    return;
  }
  expect(status, `${what}: ${JSON.stringify(body)}`).toBe(422);
  expect(body.error.code, what).toBe("document.validation");
  expect(new Set(issuesOf(body, "quantityAboveAvailable")), `${what}: positions short of stock`)
    .toEqual(plan.short);
}

async function compareWithModel(model: Model, what: string): Promise<void> {
  const rows = await w.query("SELECT line_key AS k, quantity AS q FROM stock_lines ORDER BY line_key");
  const actual = Object.fromEntries(rows.map((r) => [String(r.k), Number(r.q)]));
  const expected = Object.fromEntries(
    [...model.lines.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, l]) => [k, l.quantity]),
  );
  expect(actual, `${what}: the stock differs from the model`).toEqual(expected);
}

async function runStep(model: Model, step: Step, n: number): Promise<void> {
  const what = `step ${n}`;
  // doc#k picks among the documents made so far, modulo their number (so that any pick means something).
  const pick = (docs: ModelDoc[], i: number) => (docs.length ? docs[i % docs.length] : undefined);
  const verb = async (
    doc: ModelDoc,
    name: string,
    call: () => Promise<{ status: number; body: unknown }>,
  ) => {
    const before = await dumpStock(w);
    const r = await call();
    count(`${name} ${doc.type} ${outcome(r)}`);
    model.trace.push(`${name} ${doc.label} (${doc.status}) -> ${outcome(r)}`);
    if (r.status >= 400) expect(await dumpStock(w), `${what}: a refusal changed the tables`).toBe(before);
    return r as { status: number; body: { error: { code: string } } };
  };
  switch (step.kind) {
    case "doc":
    case "draft": {
      const doc = await makeDraft(model, step.doc, `${step.doc.type}@${n}`);
      if (step.kind === "draft") break;
      const r = await verb(doc, "confirm", () => confirm(w, doc.id, step.acceptWarnings));
      judgeConfirm(model, doc, r.status, r.body, what);
      break;
    }
    case "confirm": {
      const doc = pick(model.docs.filter((d) => d.status === "workingCopy"), step.pick) ??
        pick(model.docs, step.pick);
      if (!doc) break;
      const r = await verb(doc, "confirm", () => confirm(w, doc.id, step.acceptWarnings));
      judgeConfirm(model, doc, r.status, r.body, what);
      break;
    }
    case "revert": {
      const confirmed = model.docs.filter((d) => d.status === "confirmed");
      const doc = step.anyStatus || !confirmed.length
        ? pick(model.docs, step.pick)
        : pick(confirmed, step.pick);
      if (!doc) break;
      const r = await verb(doc, "revert", () => revert(w, doc.id));
      if (doc.status === "deleted") expect(r.status, what).toBe(404);
      else if (doc.status !== "confirmed") {
        expect(r.status, what).toBe(422);
        expect(issuesOf(r.body, "notConfirmed"), what).toEqual([null]);
      } else {
        const reverse = doc.moves.map((m) => ({ key: m.key, delta: -m.delta }));
        const left = model.shortOf(reverse);
        if (r.status === 200) {
          expect(left, `${what}: reverted although the model finds the stock gone`).toEqual([]);
          model.apply([...reverse.filter((m) => m.delta > 0), ...reverse.filter((m) => m.delta < 0)]);
          doc.status = "reverted";
        } else {
          expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(422);
          expect(r.body.error.code, what).toBe("document.revertBlocked");
          // A revert the stock allows may still be refused for a container that has moved on.
          if (left.length) expect(issuesOf(r.body, "stockAlreadyLeft").length, what).toBeGreaterThan(0);
          else expect(issuesOf(r.body, "containerMoved").length, what).toBeGreaterThan(0);
        }
      }
      break;
    }
    case "release": {
      // Releasing a location makes a generated working copy of everything stored there (nothing moves).
      const locationId = locationIds[step.location];
      const to = step.to < 0 ? "" : `?destinationLocationId=${locationIds[step.to]}`;
      const before = await dumpStock(w);
      const r = await w.api("POST", `/WmsDocumentPosition/ReleaseStorageSpace/${locationId}${to}`);
      const label = `release@${n}`;
      count(`release ${outcome(r)}`);
      model.trace.push(`release ${locationName(locationId)}${to ? ` to L${step.to}` : ""} -> ${outcome(r)}`);
      const stored = [...model.lines.values()].filter((l) => l.key.locationId === locationId);
      if (!stored.length) {
        expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(422);
        expect(issuesOf(r.body, "locationEmpty"), what).toEqual([null]);
        expect(await dumpStock(w), `${what}: a refusal changed the tables`).toBe(before);
        break;
      }
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(201);
      const doc = await modelDocOf(r.body, label);
      expect(doc.positions.map((p) => p.quantity).sort(), `${what}: one position per line`)
        .toEqual(stored.map((l) => l.quantity).sort());
      model.docs.push(doc);
      break;
    }
    case "group": {
      const lines = [...model.lines.values()];
      const moves = step.moves.map((m) => {
        const line = lines.length ? lines[m.pick % lines.length] : undefined;
        return {
          productId: line?.key.productId ?? productIds[0],
          quantity: line ? Math.ceil((line.quantity * m.share) / 100) : 1000,
          sourceLocationId: line?.key.locationId ?? locationIds[0],
          sourceContainerId: line?.key.containerId ?? null,
          expiryDate: m.name ? line?.key.expiryDate ?? null : null,
          serialNumber: m.name ? line?.key.serialNumber ?? null : null,
        };
      });
      const standing = await w.query("SELECT id FROM containers WHERE location_id = ?", [
        locationIds[step.destination],
      ]);
      const destinationContainerId = step.destinationContainer === "none"
        ? null
        : step.destinationContainer === "here"
        ? (standing.length ? Number(standing[0].id) : null)
        : containers[step.destinationContainer].id;
      const body = {
        destinationLocationId: locationIds[step.destination],
        destinationContainerId,
        confirm: step.confirm,
        acceptWarnings: step.acceptWarnings,
        moves: moves.map((m) => ({ ...m, quantity: m.quantity / 1000 })),
      };
      const before = await dumpStock(w);
      const r = await w.api("POST", "/WmsDocumentPosition/groupmovement", body);
      const label = `group@${n}`;
      count(`group movement${step.confirm ? "" : " (unconfirmed)"} ${outcome(r)}`);
      model.trace.push(
        `group movement ${label} to L${step.destination}${containerName(destinationContainerId)}` +
          `${step.confirm ? "" : " unconfirmed"}${step.acceptWarnings ? " acceptWarnings" : ""} [${
            moves.map((m) =>
              `${productName(m.productId)} ${m.quantity / 1000} from ${locationName(m.sourceLocationId)}` +
              containerName(m.sourceContainerId) + (m.expiryDate ? ` exp ${m.expiryDate}` : "") +
              (m.serialNumber ? ` ${m.serialNumber}` : "")
            ).join("; ")
          }] -> ${outcome(r)}`,
      );
      // The positions as the model would have them: ids in the order they are made.
      const proposed: ModelDoc = {
        id: 0,
        type: "ARL",
        label,
        status: "workingCopy",
        positions: moves.map((m, i) => ({ ...m, id: i + 1 })),
        sourceLocationId: null,
        sourceContainerId: null,
        destinationLocationId: locationIds[step.destination],
        destinationContainerId,
        moves: [],
      };
      const plan = model.plan(proposed);
      if (r.status === 201) {
        const doc = await modelDocOf(r.body, label);
        model.docs.push(doc);
        if (!step.confirm) {
          expect(r.body.statusCode, what).toBe("workingCopy");
          break;
        }
        expect(r.body.statusCode, what).toBe("confirmed");
        expect([...plan.short], `${what}: moved although the model finds too little stock`).toEqual([]);
        doc.moves = model.plan(doc).moves;
        model.apply(doc.moves);
        doc.status = "confirmed";
        break;
      }
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(step.confirm, `${what}: an unconfirmed group movement refused`).toBe(true);
      expect(issuesOf(r.body, "quantityAboveAvailable").length, `${what}: moves short of stock`)
        .toBe(plan.short.size);
      expect(await dumpStock(w), `${what}: a refusal changed the tables`).toBe(before);
      break;
    }
    case "delete": {
      const doc = pick(model.docs, step.pick);
      if (!doc) break;
      const r = await verb(doc, "delete", () => w.api("DELETE", `/WmsDocument/${doc.id}`));
      if (doc.status === "workingCopy") {
        expect(r.status, what).toBe(204);
        doc.status = "deleted";
      } else {
        expect(r.status, what).toBe(409);
        expect(r.body.error.code, what).toBe(
          doc.status === "deleted" ? "record.alreadyRemoved" : "record.statusForbidsDelete",
        );
      }
      break;
    }
    case "parallel": {
      const docs: ModelDoc[] = [];
      for (const [i, spec] of step.docs.entries()) {
        docs.push(await makeDraft(model, spec, `${spec.type}@${n}.${i}`));
      }
      if (step.twice) docs.push(docs[0]);
      const [{ last }] = await w.query("SELECT coalesce(max(id), 0) AS last FROM stock_movements");
      const answers = await Promise.all(docs.map((d) => confirm(w, d.id, step.acceptWarnings)));
      for (const [i, r] of answers.entries()) count(`parallel confirm ${docs[i].type} ${outcome(r)}`);
      model.trace.push(
        `confirm at once ${docs.map((d, i) => `${d.label} -> ${outcome(answers[i])}`).join(", ")}`,
      );
      // The order the confirmations committed in is the order of their first ledger rows.
      const order = (await w.query(
        `SELECT document_id AS d FROM stock_movements WHERE id > ? GROUP BY document_id ORDER BY min(id)`,
        [last],
      )).map((r) => Number(r.d));
      const won = docs.filter((_, i) => answers[i].status === 200).map((d) => d.id);
      expect(order, `${what}: the documents with new ledger rows are those answered 200, once each`)
        .toEqual([...won].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
      expect(new Set(won).size, `${what}: a document confirmed twice`).toBe(won.length);
      // The model replays the winners in commit order; each refusal for want of stock must be right in
      // one of the states between those commits (the one it was judged in), whichever that was.
      const states = [model.copyLines()];
      for (const id of order) {
        const i = docs.findIndex((d) => d.id === id);
        judgeConfirm(model, docs[i], 200, answers[i].body, what);
        states.push(model.copyLines());
      }
      for (const [i, d] of docs.entries()) {
        if (answers[i].status === 200) continue;
        const r = answers[i];
        expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(422);
        // A call refused after its document was confirmed by another call is refused as no longer a
        // working copy; before that (or if it never was) for the stock of a state before its commit.
        if (d.status === "confirmed" && issuesOf(r.body, "notWorkingCopy").length) continue;
        expect(issuesOf(r.body, "notWorkingCopy"), `${what}: ${d.label} is still a working copy`).toEqual([]);
        const until = d.status === "confirmed" ? order.indexOf(d.id) + 1 : states.length;
        const byId = (a: number | null, b: number | null) => Number(a) - Number(b);
        const short = JSON.stringify([...new Set(issuesOf(r.body, "quantityAboveAvailable"))].sort(byId));
        const explained = states.slice(0, until).some((lines) =>
          JSON.stringify([...model.plan(d, lines).short].sort(byId)) === short
        );
        expect(explained, `${what}: ${d.label} refused short of [${short}] in no state between the commits`)
          .toBe(true);
      }
      break;
    }
  }
  await assertStockEqualsLedger(w);
  await compareWithModel(model, what);
}

describe("the stock engine under random sequences", () => {
  it(`keeps stock equal to the ledger and to a model over ${RUNS} sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), async (steps) => {
        await reset();
        const model = new Model();
        await seed(model);
        for (const [i, step] of steps.entries()) {
          try {
            await runStep(model, step, i + 1);
            if (TRACE) console.log(model.trace.splice(0).join("\n"));
          } catch (err) {
            throw new Error(
              `failed at step ${i + 1} of ${steps.length}; what was done:\n` +
                model.trace.map((t) => `  ${t}`).join("\n") + `\n${(err as Error).message}`,
              { cause: err },
            );
          }
        }
      }),
      {
        numRuns: RUNS,
        ...(SEED === undefined ? {} : { seed: Number(SEED) }),
        ...(PATH === undefined ? {} : { path: PATH }),
      },
    );
    console.log([...seen.entries()].sort().map(([k, n]) => `${String(n).padStart(6)}  ${k}`).join("\n"));
  }, Math.max(120_000, RUNS * 2_000));
});
