// computer-vision-faces (issues 19 and 32): face sign-in explained before anything is taken; the company's
// switch (administrators); the user's own enrolment, taken again or removed, waiting for an administrator's
// confirmation; and, for administrators, the users with a face (a waiting enrolment confirmed or refused,
// a face removed), enrolling another user at this camera, and the devices face sign-in works at: this
// browser enrolled as one, the others listed and withdrawn.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useT } from "../i18n/use_t.ts";
import { KEYS, pushToast, startupAtom, writeStorage } from "../state.ts";
import { Button, Checkbox, Notice, Switch } from "../ui/controls.tsx";
import { type DeviceKey, deviceKeyOf } from "../features/faces/device_key.ts";
import { type Device, type Done, FaceDevices } from "./faces_devices.tsx";
import { type Enrolled, FaceUsers } from "./faces_users.tsx";
import * as shell from "../shell/shell.css.ts";
import * as ui from "../ui/ui.css.ts";
import * as css from "../features/faces/faces.css.ts";

const Camera = lazy(() => import("../features/faces/face_enrol.tsx"));

interface Status {
  supported: boolean;
  enabled: boolean;
  enrolled: boolean;
  samples: number;
  enrolledAt: string | null;
  pendingSince: string | null;
}

export function FacesScreen() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const admin = !!startup?.user.isSuperUser && !startup.user.connectedContractorId;
  const slug = startup?.tenant.slug ?? null;
  const [status, setStatus] = useState<Status | null>(null);
  const [enrolled, setEnrolled] = useState<Enrolled[]>([]);
  const [devices, setDevices] = useState<Device[]>([]);
  /** This browser's key for the company (undefined until IndexedDB has answered). */
  const [here, setHere] = useState<DeviceKey | null | undefined>(undefined);
  const [consent, setConsent] = useState(false);
  /** Whose face the camera takes: the user's own (null), or another user's (an administrator's choice). */
  const [taking, setTaking] = useState<{ userId: number | null } | null>(null);
  const [other, setOther] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    api<Status>("GET", "/ComputerVision/status").then(setStatus, (err) => setError(errorMessage(t, err)));
    if (admin) {
      api<Enrolled[]>("GET", "/ComputerVision").then(setEnrolled, () => {});
      api<Device[]>("GET", "/ComputerVision/devices").then(setDevices, () => {});
    }
  }, [admin, t]);
  useEffect(load, [load]);
  useEffect(() => {
    if (admin && slug) void deviceKeyOf(slug).then(setHere);
  }, [admin, slug]);

  async function setCompanySwitch(on: boolean) {
    try {
      const account = await api<Record<string, unknown>>("GET", "/ClientAccount");
      await api("PUT", "/ClientAccount", { ...account, faceSignIn: on });
      if (startup) writeStorage(KEYS.faceTenant, on ? startup.tenant.slug : null);
      load();
    } catch (err) {
      pushToast("error", errorMessage(t, err));
    }
  }

  /** An action of the screen: done, said, and the lists read again; or its failure said. */
  async function act(call: () => Promise<unknown>, done: Done) {
    try {
      await call();
      pushToast("info", t.t(done));
      load();
    } catch (err) {
      pushToast("error", errorMessage(t, err));
    }
  }

  const me = startup?.user.id;
  // This browser's key counts while its device is listed and not withdrawn.
  const hereListed = here ? devices.find((d) => d.id === here.deviceId) : undefined;
  const hereActive = !!hereListed && !hereListed.withdrawnAt;
  const usable = status?.supported && status.enabled;
  return (
    <section>
      <h1 className={shell.title}>{t.t("route.computer-vision-faces")}</h1>
      <Notice>
        <span className={css.notice} data-testid="face-notice">{t.t("face.notice")}</span>
      </Notice>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {status && !status.supported ? <Notice kind="error">{t.t("apiError.face.unsupported")}</Notice> : null}
      {status?.supported && admin
        ? (
          <Switch isSelected={status.enabled} onChange={(on) => void setCompanySwitch(on)}>
            {t.t("face.companySwitch")}
          </Switch>
        )
        : null}
      {status?.supported && !status.enabled && !admin ? <Notice>{t.t("face.companyOff")}</Notice> : null}
      {status && usable
        ? (
          <div className={css.section}>
            {admin ? <p data-testid="face-mine">{t.t("face.adminNoFace")}</p> : (
              <p data-testid="face-mine">
                {status.enrolled
                  ? t.t("face.enrolledAt", { samples: status.samples, at: t.instant(status.enrolledAt) })
                  : t.t("face.notEnrolled")}
                {status.pendingSince
                  ? <>{" "}{t.t("face.pendingSince", { at: t.instant(status.pendingSince) })}</>
                  : null}
              </p>
            )}
            {taking
              ? (
                <Suspense fallback={<p>{t.t("face.loadingModels")}</p>}>
                  <Camera
                    userId={taking.userId}
                    onDone={({ pending }) => {
                      setTaking(null);
                      pushToast("info", t.t(pending ? "face.enrolledPending" : "face.enrolled"));
                      if (startup) writeStorage(KEYS.faceTenant, startup.tenant.slug);
                      load();
                    }}
                    onCancel={() => setTaking(null)}
                  />
                </Suspense>
              )
              : (
                <>
                  <Checkbox isSelected={consent} onChange={setConsent}>{t.t("face.consent")}</Checkbox>
                  {admin ? null : (
                    <div className={ui.buttonRow}>
                      <Button isDisabled={!consent} onPress={() => setTaking({ userId: null })}>
                        {t.t(status.enrolled || status.pendingSince ? "face.enrolAgain" : "face.enrol")}
                      </Button>
                      {(status.enrolled || status.pendingSince) && me
                        ? (
                          <Button
                            quiet
                            onPress={() =>
                              void act(() => api("DELETE", `/ComputerVision/${me}`), "face.removed")}
                          >
                            {t.t("face.remove")}
                          </Button>
                        )
                        : null}
                    </div>
                  )}
                </>
              )}
          </div>
        )
        : null}
      {admin && usable && !taking
        ? (
          <FaceUsers
            t={t}
            enrolled={enrolled}
            act={act}
            other={other}
            setOther={setOther}
            consent={consent}
            onEnrolOther={(userId) => setTaking({ userId })}
          />
        )
        : null}
      {admin && status?.supported && !taking
        ? (
          <FaceDevices
            t={t}
            slug={slug}
            here={here}
            setHere={setHere}
            devices={devices}
            hereListed={hereListed}
            hereActive={hereActive}
            act={act}
            load={load}
          />
        )
        : null}
    </section>
  );
}
