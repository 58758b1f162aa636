// A product named by a screen's address (/warehouse-supply/12, /warehouse-product-stock/product/12): the
// screens of stock and supply narrow to it, saying so, with a way back to all; an id that names no product
// this user may see is said in the screen (not the missing page), which then shows everything.
import { useEffect, useState } from "react";
import { api } from "../api.ts";
import { useT } from "../i18n/use_t.ts";
import { Link } from "../shell/link.tsx";
import { Notice } from "../ui/controls.tsx";
import * as ui from "../ui/ui.css.ts";

/**
 * The product of a route's parameters: its id as the first (/warehouse-supply/12), or after "product"
 * (/warehouse-product-stock/product/12); `invalid` for anything else, undefined when the address names none.
 */
export function productOfRoute(
  openedDialogId: string | undefined,
  additionalParams: string | undefined,
): number | "invalid" | undefined {
  if (openedDialogId === undefined) return undefined;
  const text = openedDialogId === "product" ? additionalParams : openedDialogId;
  const id = Number(text);
  return text !== undefined && /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : "invalid";
}

export interface RouteProduct {
  /** What the address gave as the product (to say which one is not there). */
  asked: string | undefined;
  /** The product to narrow to, once it is known to exist; undefined: all products. */
  id: number | undefined;
  /** Its index and name. */
  name: string | null;
  /** The address named a product that is not there (or not this user's to see). */
  missing: boolean;
  /** Still finding out. */
  loading: boolean;
}

/** The route's product, read once per address. */
export function useRouteProduct(openedDialogId?: string, additionalParams?: string): RouteProduct {
  const wanted = productOfRoute(openedDialogId, additionalParams);
  const asked = openedDialogId === "product" ? additionalParams : openedDialogId;
  const [found, setFound] = useState<{ id: number; name: string | null } | null>(null);
  useEffect(() => {
    setFound(null);
    if (typeof wanted !== "number") return;
    let live = true;
    api<{ index: string; name: string }>("GET", `/Product/${wanted}`, undefined, { quiet: true }).then(
      (p) => live && setFound({ id: wanted, name: `${p.index} ${p.name}` }),
      () => live && setFound({ id: wanted, name: null }),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  if (wanted === undefined) return { asked, id: undefined, name: null, missing: false, loading: false };
  if (wanted === "invalid") return { asked, id: undefined, name: null, missing: true, loading: false };
  if (found?.id !== wanted) return { asked, id: undefined, name: null, missing: false, loading: true };
  return found.name === null
    ? { asked, id: undefined, name: null, missing: true, loading: false }
    : { asked, id: wanted, name: found.name, missing: false, loading: false };
}

/** What the screen shows of the route's product: narrowed to it (and back to all), or that it is not there. */
export function RouteProductNotice(p: { product: RouteProduct; route: string }) {
  const t = useT();
  if (p.product.missing) {
    return (
      <Notice kind="error">
        {t.t("stock.noSuchProduct", { id: p.product.asked ?? "" })}{" "}
        <Link to={`/${p.route}`}>{t.t("stock.allProducts")}</Link>
      </Notice>
    );
  }
  if (p.product.id === undefined) return null;
  return (
    <p className={ui.buttonRow} data-testid="route-product">
      <span>{t.t("stock.onlyProduct", { name: p.product.name ?? "" })}</span>
      <Link to={`/${p.route}`}>{t.t("stock.allProducts")}</Link>
    </p>
  );
}
