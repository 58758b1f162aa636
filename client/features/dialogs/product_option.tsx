// How a product is offered in every product picker (issue 31, item 4): its name as the main line, its
// index and barcodes beside it, so that people who know a product by any of them find and recognise it
// (the server's quick search matches all three). One renderer for the reference pickers (documents,
// orders, sell offers, a bill of materials, filters) and the terminal's keyboard entry.
import { Text } from "react-aria-components/Text";
import * as css from "./product_option.css.ts";

/** What a product picker shows of a product. */
export interface ProductFace {
  name: string;
  index: string;
  barcodes: readonly string[];
}

/** A product list row (or a terminal's cached product) as the pickers show it. */
export function productFace(r: Record<string, unknown>): ProductFace {
  return {
    name: typeof r.name === "string" ? r.name : "",
    index: typeof r.index === "string" ? r.index : "",
    barcodes: Array.isArray(r.barcodes) ? r.barcodes.filter((b): b is string => typeof b === "string") : [],
  };
}

/** The product as one line of text: what a picker's field holds once it is picked ("HAKE · Cape hake"). */
export function productTitle(p: ProductFace): string {
  return [p.index, p.name].filter(Boolean).join(" · ");
}

/**
 * The option's content: the name, then the index and the barcodes. `slots`: inside a react-aria option,
 * the whole of it labels the option, so that it is read out as it is seen (name first, then the codes).
 */
export function ProductOption(p: { product: ProductFace; slots?: boolean }) {
  const codes = [p.product.index, ...p.product.barcodes].filter(Boolean).join(" · ");
  const name = p.product.name || p.product.index;
  const content = (
    <>
      <span className={css.name}>{name}</span> <span className={css.codes}>{codes}</span>
    </>
  );
  return p.slots
    ? <Text slot="label" className={css.option} data-product-option="">{content}</Text>
    : <span className={css.option} data-product-option="">{content}</span>;
}
