// WooCommerce's REST API (v3), as its documentation describes it: over HTTPS the consumer key and secret by
// HTTP Basic authentication; over plain HTTP a one-legged OAuth 1.0a signature (HMAC-SHA256) in the query
// string, as WooCommerce's own JavaScript client makes it (oauth-1.0a). Products are read 100 a page with
// the X-WP-Total and X-WP-TotalPages headers; stock is written by the batch endpoint, 100 products a call.
// A shop is connected by WooCommerce's key exchange (/wc-auth/v1/authorize): the shop posts the generated
// keys to our callback and sends the user back to our activation screen.
import type OAuth from "oauth-1.0a";
import { createHmac } from "node:crypto";
import { lazy } from "../../kernel/lazy.ts";
import { callService, ServiceError } from "./http.ts";
import type { Egress } from "../../kernel/egress/egress.ts";
import { htmlText } from "./text.ts";

export interface ShopCredentials {
  /** The policy every call goes through. */
  egress: Egress;
  baseUrl: string;
  key: string;
  secret: string;
}

/** A shop's product as we keep it. */
export interface ShopProduct {
  externalId: string;
  name: string;
  sku: string | null;
  /** WooCommerce's GTIN, UPC, EAN or ISBN field (global_unique_id). */
  ean: string | null;
  description: string | null;
  imageUrl: string | null;
  /** The shop's stock when it manages it, else null. */
  stock: number | null;
}

/** Products one page of the list holds, and one batch call writes (WooCommerce's own maximum is 100). */
export const PAGE_SIZE = 100;

const API = "/wp-json/wc/v3";

/** oauth-1.0a, which only a shop on plain HTTP needs (it would add some 15 ms to every thread's start). */
const oauthLibrary = lazy(() => import("oauth-1.0a").then((m) => m.default));

function oauth(OAuthOf: typeof OAuth, c: ShopCredentials): OAuth {
  return new OAuthOf({
    consumer: { key: c.key, secret: c.secret },
    signature_method: "HMAC-SHA256",
    hash_function: (base, key) => createHmac("sha256", key).update(base).digest("base64"),
  });
}

/** The request's address and headers, authenticated the way the shop's scheme asks. */
export function authenticated(
  c: ShopCredentials,
  OAuthOf: typeof OAuth,
  method: string,
  path: string,
  params: Record<string, string> = {},
): { url: string; headers: Record<string, string> } {
  const url = new URL(c.baseUrl.replace(/\/+$/, "") + API + path);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  if (url.protocol === "https:") {
    return { url: url.toString(), headers: { authorization: `Basic ${btoa(`${c.key}:${c.secret}`)}` } };
  }
  const signed = oauth(OAuthOf, c).authorize({ url: url.toString(), method });
  for (const [k, v] of Object.entries(signed)) url.searchParams.set(k, String(v));
  return { url: url.toString(), headers: {} };
}

interface WooProduct {
  id: number;
  name?: string;
  sku?: string;
  global_unique_id?: string;
  description?: string;
  short_description?: string;
  images?: { src?: string }[];
  manage_stock?: boolean;
  stock_quantity?: number | null;
}

function toProduct(p: WooProduct, text: (html: string) => string): ShopProduct {
  const description = text(p.description || p.short_description || "");
  return {
    externalId: String(p.id),
    name: (p.name ?? "").trim().slice(0, 300) || `#${p.id}`,
    sku: p.sku?.trim() || null,
    ean: p.global_unique_id?.trim() || null,
    description: description ? description.slice(0, 4000) : null,
    imageUrl: p.images?.find((i) => i.src)?.src ?? null,
    stock: p.manage_stock && typeof p.stock_quantity === "number" ? p.stock_quantity : null,
  };
}

/** One page of the shop's products, oldest first, with the totals the shop announces. */
export async function productsPage(
  c: ShopCredentials,
  page: number,
): Promise<{ products: ShopProduct[]; total: number | null; totalPages: number | null }> {
  const OAuthOf = await oauthLibrary();
  const params = { per_page: String(PAGE_SIZE), page: String(page), orderby: "id", order: "asc" };
  const res = await callService(c.egress, () => {
    const { url, headers } = authenticated(c, OAuthOf, "GET", "/products", params);
    return { url, init: { headers: { ...headers, accept: "application/json" } } };
  });
  const body = await res.json();
  if (!Array.isArray(body)) throw new ServiceError("failed", res.status, "the product list is no list", body);
  const total = res.headers.get("x-wp-total"), pages = res.headers.get("x-wp-totalpages");
  const text = await htmlText();
  return {
    products: (body as WooProduct[]).filter((p) => typeof p?.id === "number").map((p) => toProduct(p, text)),
    total: total === null ? null : Number(total),
    totalPages: pages === null ? null : Number(pages),
  };
}

/** Does the shop take these keys? (One product read: the keys need read access at least.) */
export async function checkShop(c: ShopCredentials): Promise<void> {
  const OAuthOf = await oauthLibrary();
  await callService(
    c.egress,
    () => {
      const { url, headers } = authenticated(c, OAuthOf, "GET", "/products", { per_page: "1" });
      return { url, init: { headers: { ...headers, accept: "application/json" } } };
    },
    {},
    { tries: 2 },
  );
}

/**
 * Sets the stock of up to PAGE_SIZE products (whole units, which WooCommerce keeps as an integer); answers
 * which the shop updated and which it refused, with its message.
 */
export async function pushStock(
  c: ShopCredentials,
  updates: { externalId: string; stock: number }[],
): Promise<{ updated: string[]; failed: { externalId: string; message: string }[] }> {
  const OAuthOf = await oauthLibrary();
  const body = JSON.stringify({
    update: updates.map((u) => ({
      id: Number(u.externalId),
      manage_stock: true,
      stock_quantity: u.stock,
    })),
  });
  const res = await callService(c.egress, () => {
    const { url, headers } = authenticated(c, OAuthOf, "POST", "/products/batch");
    return {
      url,
      init: {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", accept: "application/json" },
        body,
      },
    };
  });
  const answer = await res.json() as { update?: { id: number; error?: { message?: string } }[] };
  const updated: string[] = [];
  const failed: { externalId: string; message: string }[] = [];
  for (const r of answer.update ?? []) {
    if (r.error) failed.push({ externalId: String(r.id), message: r.error.message ?? "refused" });
    else updated.push(String(r.id));
  }
  return { updated, failed };
}

/** The shop's page where its administrator approves our access; the keys then go to `callbackUrl`. */
export function authorizeUrl(
  baseUrl: string,
  o: { appName: string; userId: string; returnUrl: string; callbackUrl: string },
): string {
  const url = new URL(baseUrl.replace(/\/+$/, "") + "/wc-auth/v1/authorize");
  url.searchParams.set("app_name", o.appName);
  url.searchParams.set("scope", "read_write");
  url.searchParams.set("user_id", o.userId);
  url.searchParams.set("return_url", o.returnUrl);
  url.searchParams.set("callback_url", o.callbackUrl);
  return url.toString();
}
