// Where else a release line could take its goods from: the product's stock lines in FEFO order
// (GET WmsInventory/bestsourcematerial, within the document's source when it names a zone or bin), each
// with its bin, container, lot and quantity; choosing one puts that bin and lot on the line.
import { useState } from "react";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { PopoverButton } from "../../ui/popover.tsx";
import type { PositionSource } from "./document.ts";
import * as css from "./documents.css.ts";
import * as ui from "../../ui/ui.css.ts";

/** A stock line as bestsourcematerial answers it: a bin and lot with its quantity. */
export interface SourceLine extends PositionSource {
  id: number;
  expired: boolean;
}

/** The first lots offered (earliest expiry first): enough to choose from, never the whole warehouse. */
const LOTS_SHOWN = 30;

export function LotChooser(p: {
  t: Translator;
  productId: number;
  /** The product as the row names it. */
  product: string;
  /** The document's source (a zone or a bin), within which to look; null: the whole warehouse. */
  withinId: number | null;
  onPick: (line: SourceLine) => void;
}) {
  const { t } = p;
  const [lines, setLines] = useState<SourceLine[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const label = t.t("documents.lotsOf", { product: p.product });
  async function load() {
    setFailure(null);
    try {
      const within = p.withinId === null ? "" : `&locationId=${p.withinId}`;
      const found = await api<{ results: SourceLine[] }>(
        "GET",
        `/WmsInventory/bestsourcematerial/${p.productId}?limit=${LOTS_SHOWN}${within}`,
      );
      setLines(found.results);
    } catch (err) {
      setFailure(errorMessage(t, err));
    }
  }
  return (
    <PopoverButton
      label={label}
      className={ui.quietButton}
      onOpenChange={(open) => open && void load()}
      content={(close) => (
        <div className={css.lots} data-testid="lot-chooser">
          <strong>{t.t("documents.lotsHeading")}</strong>
          {failure ? <Notice kind="error">{failure}</Notice> : null}
          {lines === null && !failure ? <p>{t.t("common.loading")}</p> : null}
          {lines && !lines.length ? <p>{t.t("documents.noLots")}</p> : null}
          {lines?.length
            ? (
              <ul className={css.sources}>
                {lines.map((l) => (
                  <li key={l.id}>
                    <Button
                      quiet
                      onPress={() => {
                        p.onPick(l);
                        close();
                      }}
                    >
                      {[
                        l.locationLabel,
                        l.containerNumber,
                        l.expiryDate ? t.t("documents.lotExpiry", { date: t.day(l.expiryDate) }) : null,
                        l.serialNumber,
                        t.number(l.quantity),
                        l.expired ? t.t("documents.lotExpired") : null,
                      ].filter(Boolean).join(" · ")}
                    </Button>
                  </li>
                ))}
              </ul>
            )
            : null}
        </div>
      )}
    >
      {t.t("documents.lots")}
    </PopoverButton>
  );
}
