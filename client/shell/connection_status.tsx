// The real-time connection status, always visible in the top bar (rendering it starts the hub).
import { useAtomValue } from "jotai";
import { hub, hubGaveUpAtom, useConnectionStatus } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import { Button } from "../ui/controls.tsx";
import * as css from "./connection_status.css.ts";

export function ConnectionStatus() {
  const t = useT();
  const status = useConnectionStatus();
  const gaveUp = useAtomValue(hubGaveUpAtom);
  return (
    <div className={css.indicator} data-testid="connection-status" data-status={status}>
      <span className={css.dot[status]} aria-hidden="true" />
      <span role="status">{t.t(`hub.status.${status}`)}</span>
      {gaveUp && <Button quiet onPress={() => hub.reconnect()}>{t.t("hub.reconnect")}</Button>}
    </div>
  );
}
