// Taking a face's samples from the camera (issue 19): the camera on and the models loaded, ENROL_SAMPLES
// frames that each show one face seen well (up to three times as many frames are tried), sent as
// descriptors to POST ComputerVision; the server refuses samples that do not agree. A user's own enrolment
// then waits for an administrator's confirmation.
import { useEffect, useState } from "react";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { useCamera } from "./camera.tsx";
import { describeFace, ENROL_SAMPLES, faceApi, SAMPLE_PAUSE_MS } from "./recognise.ts";
import * as css from "./faces.css.ts";

export default function FaceEnrolCamera(
  p: { userId: number | null; onDone: (enrolled: { pending: boolean }) => void; onCancel: () => void },
) {
  const t = useT();
  const { video, state } = useCamera();
  const [ready, setReady] = useState(false);
  const [taken, setTaken] = useState(0);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ kind: "info" | "error"; text: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    faceApi().then(
      () => !cancelled && setReady(true),
      (err) => !cancelled && setSaid({ kind: "error", text: errorMessage(t, err) }),
    );
    return () => {
      cancelled = true;
    };
  }, [t]);

  async function capture() {
    if (!video.current) return;
    setBusy(true);
    setSaid(null);
    setTaken(0);
    const samples: number[][] = [];
    try {
      for (let tries = 0; samples.length < ENROL_SAMPLES && tries < ENROL_SAMPLES * 3; tries++) {
        const seen = await describeFace(video.current);
        if ("descriptor" in seen) {
          samples.push(seen.descriptor);
          setTaken(samples.length);
        }
        await new Promise((r) => setTimeout(r, SAMPLE_PAUSE_MS));
      }
      if (samples.length < ENROL_SAMPLES) {
        setSaid({ kind: "error", text: t.t("apiError.face.notDetected") });
        return;
      }
      p.onDone(
        await api<{ pending: boolean }>("POST", "/ComputerVision", {
          ...(p.userId === null ? {} : { userId: p.userId }),
          descriptors: samples,
          consent: true,
        }),
      );
    } catch (err) {
      setSaid({ kind: "error", text: errorMessage(t, err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={css.camera} data-testid="face-enrol">
      {state === "face.noCamera"
        ? <Notice kind="error">{t.t("face.noCamera")}</Notice>
        : <video ref={video} className={css.video} muted playsInline aria-label={t.t("face.cameraView")} />}
      {state === "on" && !ready ? <p>{t.t("face.loadingModels")}</p> : null}
      {busy ? <p aria-live="polite">{t.t("face.samples", { taken, total: ENROL_SAMPLES })}</p> : null}
      {said
        ? (
          <Notice kind={said.kind}>
            <span data-testid="face-said">{said.text}</span>
          </Notice>
        )
        : null}
      <div>
        <Button isDisabled={busy || state !== "on" || !ready} onPress={() => void capture()}>
          {t.t("face.capture")}
        </Button>{" "}
        <Button quiet isDisabled={busy} onPress={p.onCancel}>{t.t("common.cancel")}</Button>
      </div>
    </div>
  );
}
