// Signing in by face (issues 19 and 32): the camera on, the models loaded, then a try at once and again 10
// seconds after each (AUTO_RECOGNISE_MS) while the user stays: a frame's descriptor is sent for the company
// this device signs in to, with the server's fresh challenge signed by this device's key (device_key.ts);
// the user it is signs in, else the reason is shown (no camera, no face seen, nobody recognised, the device
// withdrawn).
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { completeSignIn } from "../../session.ts";
import type { TokenData } from "../../state.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { useCamera } from "./camera.tsx";
import { AUTO_RECOGNISE_MS, describeFace, faceApi } from "./recognise.ts";
import * as css from "./faces.css.ts";
import { type DeviceKey, signProof } from "./device_key.ts";

export default function FaceSignInCamera(p: { tenant: string; device: DeviceKey }) {
  const t = useT();
  const { video, state } = useCamera();
  const [ready, setReady] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempts = useRef(0);

  useEffect(() => {
    let cancelled = false;
    faceApi().then(() => !cancelled && setReady(true), (err) => !cancelled && setSaid(errorMessage(t, err)));
    return () => {
      cancelled = true;
    };
  }, [t]);

  const attempt = useCallback(async () => {
    if (!video.current || busy) return;
    setBusy(true);
    attempts.current++;
    try {
      const seen = await describeFace(video.current);
      if ("error" in seen) {
        setSaid(t.t(seen.error));
        return;
      }
      // Asked for once the face is seen: a challenge lives a minute and serves once.
      const { challenge } = await api<{ challenge: string }>(
        "GET",
        `/ComputerVision/challenge?tenant=${encodeURIComponent(p.tenant)}`,
      );
      const data = await api<TokenData>("POST", "/ComputerVision/analyse", {
        tenant: p.tenant,
        descriptor: seen.descriptor,
        deviceId: p.device.deviceId,
        challenge,
        signature: await signProof(p.device, challenge, seen.descriptor),
      });
      completeSignIn(data);
    } catch (err) {
      setSaid(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }, [video, busy, p.tenant, p.device, t]);

  // At once when the camera and the models are ready, then 10 seconds after each try has ended.
  const latest = useRef(attempt);
  latest.current = attempt;
  useEffect(() => {
    if (state !== "on" || !ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const next = async () => {
      await latest.current();
      if (!stopped) timer = setTimeout(() => void next(), AUTO_RECOGNISE_MS);
    };
    void next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state, ready]);

  return (
    <div className={css.camera} data-testid="face-signin">
      {state === "face.noCamera"
        ? <Notice kind="error">{t.t("face.noCamera")}</Notice>
        : <video ref={video} className={css.video} muted playsInline aria-label={t.t("face.cameraView")} />}
      {state === "on" && !ready ? <p>{t.t("face.loadingModels")}</p> : null}
      {said
        ? (
          <Notice kind="error">
            <span data-testid="face-said">{said}</span>
          </Notice>
        )
        : null}
      {state === "on" && ready
        ? (
          <p className={css.hint}>
            {t.t("face.autoHint", { seconds: AUTO_RECOGNISE_MS / 1000 })}{" "}
            <Button quiet isDisabled={busy} onPress={() => void attempt()}>{t.t("face.tryNow")}</Button>
          </p>
        )
        : null}
    </div>
  );
}
