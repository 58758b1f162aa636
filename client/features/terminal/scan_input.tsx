// The one scan field (a scanner gun types into it, or a person with the keyboard opened), the camera on
// demand, and, while typing, the products matching what was typed.
import { type RefObject, Suspense, useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { useT } from "../../i18n/use_t.ts";
import { ChunkBoundary, lazyScreen } from "../../shell/lazy.tsx";
import { unlockSound } from "./feedback.ts";
import type { TerminalProduct } from "./data.ts";
import { ProductMatches } from "./panels.tsx";
import * as css from "./terminal.css.ts";

// The camera (ZXing, most of the terminal's script) is loaded when it is first opened; the service worker
// has it cached for offline use all the same.
const Camera = lazyScreen<{ onScan: (code: string) => void; onClose: () => void }>(
  () => import("./camera.tsx").then((m) => ({ default: m.Camera })),
  ["terminal"],
);

export function ScanInput(
  p: {
    field: RefObject<HTMLInputElement | null>;
    text: string;
    setText: (text: string) => void;
    onScan: (code: string) => void;
    /** The products to offer for what was typed, when the step takes a product. */
    products: readonly TerminalProduct[] | null;
  },
) {
  const t = useT();
  const [camera, setCamera] = useState(false);
  const [typing, setTyping] = useState(false);
  return (
    <>
      <form
        className={css.scanRow}
        onSubmit={(e) => {
          e.preventDefault();
          unlockSound();
          p.onScan(p.text);
        }}
      >
        <label htmlFor="terminal-scan" className={css.sub} style={{ position: "absolute", left: "-10000px" }}>
          {t.t("terminal.scanField")}
        </label>
        <input
          id="terminal-scan"
          ref={p.field}
          className={css.scanField}
          value={p.text}
          onChange={(e) => p.setText(e.target.value)}
          inputMode={typing ? "text" : "none"}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t.t("terminal.scanPlaceholder")}
          data-testid="terminal-scan"
        />
        <AriaButton type="submit" className={css.button}>{t.t("terminal.enter")}</AriaButton>
      </form>
      <div className={css.row}>
        <AriaButton
          className={css.secondary}
          onPress={() => setCamera((c) => !c)}
          data-testid="terminal-camera-toggle"
        >
          {camera ? t.t("terminal.cameraClose") : t.t("terminal.cameraOpen")}
        </AriaButton>
        <AriaButton
          className={css.secondary}
          onPress={() => {
            setTyping((v) => !v);
            p.field.current?.focus();
          }}
        >
          {typing ? t.t("terminal.keyboardOff") : t.t("terminal.keyboardOn")}
        </AriaButton>
      </div>
      {typing && p.products && p.text.trim().length >= 2 && (
        <ProductMatches
          products={p.products}
          text={p.text.trim()}
          onPick={(product) => p.onScan(product.index)}
        />
      )}
      {camera && (
        <ChunkBoundary>
          <Suspense fallback={<p className={css.sub}>{t.t("common.loading")}</p>}>
            <Camera onScan={p.onScan} onClose={() => setCamera(false)} />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}
