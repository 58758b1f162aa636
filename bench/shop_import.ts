// A shop's import at size (issue 19): 10,000 products of a WooCommerce shop on loopback (the fake of the
// tests: OAuth 1.0a signed pages of 100, its HTML descriptions) imported by GET ProductExternal/import (a
// job, its progress read until done), every third product carrying an EAN and a third of those one of our
// products' barcodes (linked at import); beside it the raw work: the same 100 pages fetched and the same rows
// inserted with node:sqlite in one transaction. Through it another tenant's list page is asked every 100 ms:
// its p50 and p99 while the import runs on the same thread.
import { DatabaseSync } from "node:sqlite";
import { createTenant, signIn } from "../tests/fixtures/harness.ts";
import { makeProducts, startShop } from "../tests/fixtures/woocommerce.ts";
import { productsPage } from "../server/domain/external/woocommerce.ts";
import { egressOf } from "../server/kernel/egress/egress.ts";
import { filePathOf } from "../server/db/local.ts";
import {
  begin,
  type BenchResult,
  type Distribution,
  distribution,
  p50p99,
  progress,
  startBenchServer,
  writeResult,
} from "./lib.ts";

export const NAME = "shop_import";

const PARAMS = { products: 10_000, linkedByEan: 1_111, pingEveryMs: 100 };

type Results = {
  seconds: number;
  productsPerSecond: number;
  imported: number;
  linked: number;
  rawSeconds: number;
  rawFetchSeconds: number;
  ratioToRaw: number;
  otherTenant: Distribution;
};

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024 });
  const shop = await startShop(makeProducts(PARAMS.products));
  try {
    const tenant = await createTenant(server, "bench-shop");
    const token = (await signIn(server, "bench-shop-admin")).token;
    await createTenant(server, "bench-shop-other");
    const otherToken = (await signIn(server, "bench-shop-other-admin")).token;
    const api = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${server.baseUrl}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };

    progress(NAME, `our ${PARAMS.linkedByEan.toLocaleString("en")} products whose barcodes are shop EANs`);
    const template = await api("POST", "/Product", { index: "BENCH-SHOP-0", name: "Bench product 0" });
    const db = new DatabaseSync(filePathOf(tenant.dbUrl));
    const columns = (db.prepare("PRAGMA table_info(products)").all() as { name: string }[]).map((c) => c.name)
      .filter((c) => c !== "id");
    const copy = db.prepare(
      `INSERT INTO products (${columns.map((c) => `"${c}"`).join(", ")}) SELECT ${
        columns.map((c) => (c === "product_index" ? ":index" : c === "name" ? ":name" : `"${c}"`)).join(", ")
      } FROM products WHERE id = :id RETURNING id`,
    );
    const barcode = db.prepare("INSERT INTO product_barcodes (product_id, barcode) VALUES (?, ?)");
    db.exec("BEGIN");
    // Every third shop product has an EAN (5900000000000 + i): ours match the first of them.
    for (let k = 1; k <= PARAMS.linkedByEan; k++) {
      const i = k * 3;
      const { id } = copy.get({ index: `BENCH-SHOP-${i}`, name: `Bench product ${i}`, id: template.id }) as {
        id: number;
      };
      barcode.run(id, String(5900000000000 + i));
    }
    db.exec("COMMIT");

    const credentials = await api("POST", "/ExternalCredentials", {
      serviceType: "onlineShop",
      serviceCodeName: "woocommerce",
      baseUrl: shop.url,
      username: shop.keys[0].key,
      secret: shop.keys[0].secret,
    });

    progress(NAME, `importing ${PARAMS.products.toLocaleString("en")} shop products`);
    const pings: number[] = [];
    let running = true;
    const pinger = (async () => {
      while (running) {
        const t0 = performance.now();
        const r = await fetch(`${server.baseUrl}/api/Tags?PageSize=10`, {
          headers: { authorization: `Bearer ${otherToken}` },
        });
        await r.arrayBuffer();
        pings.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, PARAMS.pingEveryMs));
      }
    })();
    const t0 = performance.now();
    await api("GET", `/ProductExternal/import/${credentials.id}`);
    let job;
    for (;;) {
      job = await api("GET", `/ExternalCredentials/${credentials.id}`);
      if (job.jobStatus !== "running") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    running = false;
    await pinger;
    if (job.jobStatus !== "done") throw new Error(`the import ${job.jobStatus}: ${job.jobError}`);
    const [{ n: imported }] = db.prepare("SELECT count(*) AS n FROM product_externals").all() as {
      n: number;
    }[];
    const [{ n: linked }] = db.prepare(
      "SELECT count(*) AS n FROM product_externals WHERE product_id IS NOT NULL",
    )
      .all() as { n: number }[];

    progress(NAME, "raw: the same pages fetched, the same rows inserted");
    const shopCreds = {
      egress: egressOf(server.platform.config),
      baseUrl: shop.url,
      key: shop.keys[0].key,
      secret: shop.keys[0].secret,
    };
    const r0 = performance.now();
    const pages = [];
    for (let page = 1; page <= Math.ceil(PARAMS.products / 100); page++) {
      pages.push(await productsPage(shopCreds, page));
    }
    const rawFetchSeconds = (performance.now() - r0) / 1000;
    const insert = db.prepare(
      `INSERT INTO product_externals (credentials_id, external_id, name, sku, ean, description, image_url,
        service_code_name, username, shop_stock, imported_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'woocommerce', ?, ?, ?, ?, ?)`,
    );
    const raw = await api("POST", "/ExternalCredentials", {
      serviceType: "onlineShop",
      serviceCodeName: "woocommerce",
      baseUrl: shop.url,
    });
    db.exec("BEGIN");
    const now = new Date().toISOString();
    for (const p of pages.flatMap((x) => x.products)) {
      insert.run(
        raw.id,
        p.externalId,
        p.name,
        p.sku,
        p.ean,
        p.description,
        p.imageUrl,
        null,
        p.stock,
        now,
        now,
        now,
      );
    }
    db.exec("COMMIT");
    const rawSeconds = (performance.now() - r0) / 1000;
    db.close();

    const results: Results = {
      seconds: round(seconds, 2),
      productsPerSecond: Math.round(imported / seconds),
      imported,
      linked,
      rawSeconds: round(rawSeconds, 2),
      rawFetchSeconds: round(rawFetchSeconds, 2),
      ratioToRaw: round(seconds / rawSeconds, 2),
      otherTenant: distribution(pings),
    };
    return writeResult(
      NAME,
      started,
      PARAMS,
      results,
      imported === PARAMS.products && linked === PARAMS.linkedByEan,
      [
        "One thread serves the HTTP calls, the fake shop and this script (WORKERS=0). The import fetches each page",
        "(signing it), turns its descriptions' HTML into text (jsdom), and keeps it in a transaction of its own with",
        "its EAN links; the raw work fetches and parses the same pages with the same client, then inserts the rows",
        "in one transaction without links, record log or progress.",
      ],
    );
  } finally {
    await shop.close();
    await server.close();
  }
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `${x.imported.toLocaleString("en")} shop products imported in ${x.seconds} s (${
      x.productsPerSecond.toLocaleString("en")
    }/s), ${x.linked.toLocaleString("en")} linked by EAN`,
    `  raw ${x.rawSeconds} s (fetching ${x.rawFetchSeconds} s); import ${x.ratioToRaw}x`,
    `  another tenant meanwhile ${p50p99(x.otherTenant)}`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const l of summarize(r)) console.log(l); }
  Deno.exit(0);
}
