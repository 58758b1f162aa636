// Camera scanning (issue 15): @zxing/browser reads the video with the terminal's decoder settings
// (decoder.ts) at a steady ten frames a second, not every frame the camera makes, which would drain a
// phone's battery in a shift. Linear codes are taken when two frames agree (FrameConfirmer). The operator
// picks the camera (the back one first) and switches the torch where the device has one; the camera stops
// when the screen is hidden (another app, the phone locked) and starts again when it comes back.
import { useEffect, useRef, useState } from "react";
import { BrowserCodeReader, BrowserMultiFormatReader, type IScannerControls } from "@zxing/browser";
import type { Result } from "@zxing/library";
import { Button } from "../../ui/controls.tsx";
import { useT } from "../../i18n/use_t.ts";
import { FrameConfirmer, scanHints, scannedText } from "./decoder.ts";
import * as css from "./terminal.css.ts";

/** Between decode attempts: ten a second read a label held still at once and leave the CPU idle between. */
const FRAME_GAP_MS = 100;

export function Camera(p: { onScan: (code: string) => void; onClose: () => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string | undefined>(undefined);
  const [torch, setTorch] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const [visible, setVisible] = useState(() => typeof document === "undefined" || !document.hidden);
  const controls = useRef<IScannerControls | null>(null);
  const onScan = useRef(p.onScan);
  useEffect(() => {
    onScan.current = p.onScan;
  });

  useEffect(() => {
    const seen = () => setVisible(!document.hidden);
    document.addEventListener("visibilitychange", seen);
    return () => document.removeEventListener("visibilitychange", seen);
  }, []);

  useEffect(() => {
    if (!visible || !video.current) return;
    let stopped = false;
    const reader = new BrowserMultiFormatReader(scanHints() as never, {
      delayBetweenScanAttempts: FRAME_GAP_MS,
      delayBetweenScanSuccess: FRAME_GAP_MS,
    });
    const confirmer = new FrameConfirmer();
    const constraints: MediaStreamConstraints = {
      audio: false,
      video: deviceId
        ? { deviceId: { exact: deviceId } }
        : { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
    };
    reader.decodeFromConstraints(constraints, video.current, (result?: Result) => {
      if (stopped) return;
      const taken = confirmer.offer(
        result ? { text: scannedText(result), format: result.getBarcodeFormat() } : null,
      );
      if (taken !== null) onScan.current(taken);
    }).then(async (c) => {
      if (stopped) return c.stop();
      controls.current = c;
      setFailed(false);
      setTorch(c.switchTorch ? false : null);
      setDevices(await BrowserCodeReader.listVideoInputDevices());
    }, () => !stopped && setFailed(true));
    return () => {
      stopped = true;
      controls.current?.stop();
      controls.current = null;
    };
  }, [deviceId, visible]);

  return (
    <section className={css.camera} aria-label={t.t("terminal.camera")}>
      <video ref={video} className={css.video} muted playsInline data-testid="terminal-video" />
      {failed && <p role="alert" className={css.problem}>{t.t("terminal.cameraFailed")}</p>}
      <div className={css.row}>
        {devices.length > 1 && (
          <label className={css.selectLabel}>
            {t.t("terminal.chooseCamera")}
            <select
              className={css.select}
              value={deviceId ?? ""}
              onChange={(e) => setDeviceId(e.target.value || undefined)}
            >
              <option value="">{t.t("terminal.backCamera")}</option>
              {devices.map((d, n) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `${t.t("terminal.camera")} ${n + 1}`}
                </option>
              ))}
            </select>
          </label>
        )}
        {torch !== null && (
          <Button
            onPress={() => {
              const on = !torch;
              void controls.current?.switchTorch?.(on).then(() => setTorch(on), () => setTorch(null));
            }}
          >
            {torch ? t.t("terminal.torchOff") : t.t("terminal.torchOn")}
          </Button>
        )}
        <Button onPress={p.onClose}>{t.t("terminal.cameraClose")}</Button>
      </div>
    </section>
  );
}
