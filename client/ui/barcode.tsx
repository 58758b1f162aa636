// A bar code drawn as SVG by bwip-js, which loads as its own chunk the first time a bar code is shown.
// Text CODE128 cannot carry reliably (anything outside printable ASCII) is named instead of drawn.
import { useEffect, useState } from "react";
import { useT } from "../i18n/use_t.ts";
import * as s from "./barcode.css.ts";

export type Symbology = "code128";

let bwip: Promise<typeof import("bwip-js/browser")> | null = null;
function loadBwip() {
  return bwip ??= import("bwip-js/browser");
}

/** The characters of `text` CODE128 cannot encode as scanners read them (outside printable ASCII). */
export function unencodable(text: string): string[] {
  return [...new Set([...text].filter((c) => c < " " || c > "~"))];
}

export function BarcodePreview(p: { value: string; symbology: Symbology }) {
  const t = useT();
  const [drawn, setDrawn] = useState<{ value: string; svg: string | null } | null>(null);
  const bad = unencodable(p.value);
  const drawable = p.value !== "" && bad.length === 0;

  useEffect(() => {
    if (!drawable) return;
    let cancelled = false;
    loadBwip().then((b) => b.toSVG({ bcid: p.symbology, text: p.value, includetext: true }))
      .then(
        (svg) => !cancelled && setDrawn({ value: p.value, svg }),
        () => !cancelled && setDrawn({ value: p.value, svg: null }),
      );
    return () => {
      cancelled = true;
    };
  }, [p.value, p.symbology, drawable]);

  if (!p.value) return null;
  if (!drawable) {
    return <p className={s.problem}>{t.t("barcode.cannotEncode", { characters: bad.join(" ") })}</p>;
  }
  if (drawn?.value !== p.value) return null;
  if (drawn.svg === null) return <p className={s.problem}>{t.t("barcode.failed")}</p>;
  return (
    <div
      role="img"
      aria-label={t.t("barcode.image", { value: p.value })}
      data-testid="barcode"
      data-symbology={p.symbology}
      className={s.barcode}
      // bwip-js's own SVG: bars and the human-readable line as paths, no text of the value in markup.
      dangerouslySetInnerHTML={{ __html: drawn.svg }}
    />
  );
}
