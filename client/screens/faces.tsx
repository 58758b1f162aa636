// computer-vision-faces (issue 19): face sign-in explained before anything is taken; the company's switch
// (administrators); the user's own enrolment, taken again or removed; and, for administrators, the users
// enrolled, each removable, and enrolling another user at this camera.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useT } from "../i18n/use_t.ts";
import { KEYS, pushToast, startupAtom, writeStorage } from "../state.ts";
import { Button, Checkbox, Notice, Switch } from "../ui/controls.tsx";
import { ReferencePicker } from "../islands/dialogs/reference_field.tsx";
import * as shell from "../shell/shell.css.ts";
import * as ui from "../ui/ui.css.ts";
import * as css from "../islands/faces/faces.css.ts";

const Camera = lazy(() => import("../islands/faces/face_enrol.tsx"));

interface Status {
  supported: boolean;
  enabled: boolean;
  enrolled: boolean;
  samples: number;
  enrolledAt: string | null;
}

interface Enrolled {
  userId: number;
  username: string;
  visibleName: string | null;
  samples: number;
  enrolledAt: string;
}

const userReference = { resource: "User", path: "/User", titleFields: ["visibleName", "username"] } as const;

export function FacesScreen() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const admin = !!startup?.user.isSuperUser && !startup.user.connectedContractorId;
  const [status, setStatus] = useState<Status | null>(null);
  const [enrolled, setEnrolled] = useState<Enrolled[]>([]);
  const [consent, setConsent] = useState(false);
  /** Whose face the camera takes: the user's own (null), or another user's (an administrator's choice). */
  const [taking, setTaking] = useState<{ userId: number | null } | null>(null);
  const [other, setOther] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    api<Status>("GET", "/ComputerVision/status").then(setStatus, (err) => setError(errorMessage(t, err)));
    if (admin) api<Enrolled[]>("GET", "/ComputerVision").then(setEnrolled, () => {});
  }, [admin, t]);
  useEffect(load, [load]);

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

  async function forget(userId: number) {
    try {
      await api("DELETE", `/ComputerVision/${userId}`);
      pushToast("info", t.t("face.removed"));
      load();
    } catch (err) {
      pushToast("error", errorMessage(t, err));
    }
  }

  const me = startup?.user.id;
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
            <p data-testid="face-mine">
              {status.enrolled
                ? t.t("face.enrolledAt", {
                  samples: status.samples,
                  at: t.instant(status.enrolledAt),
                })
                : t.t("face.notEnrolled")}
            </p>
            {taking
              ? (
                <Suspense fallback={<p>{t.t("face.loadingModels")}</p>}>
                  <Camera
                    userId={taking.userId}
                    onDone={() => {
                      setTaking(null);
                      pushToast("info", t.t("face.enrolled"));
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
                  <div className={ui.buttonRow}>
                    <Button isDisabled={!consent} onPress={() => setTaking({ userId: null })}>
                      {t.t(status.enrolled ? "face.enrolAgain" : "face.enrol")}
                    </Button>
                    {status.enrolled && me
                      ? <Button quiet onPress={() => void forget(me)}>{t.t("face.remove")}</Button>
                      : null}
                  </div>
                </>
              )}
          </div>
        )
        : null}
      {admin && usable && !taking
        ? (
          <div className={css.section}>
            <h2 className={css.notice}>{t.t("face.enrolledUsers")}</h2>
            {enrolled.length === 0
              ? <p>{t.t("face.nobodyEnrolled")}</p>
              : (
                <table className={css.table} data-testid="face-enrolled">
                  <thead>
                    <tr>
                      <th>{t.t("field.user.username")}</th>
                      <th>{t.t("face.samplesColumn")}</th>
                      <th>{t.t("face.enrolledColumn")}</th>
                      <th>
                        <span className={ui.visuallyHidden}>{t.t("face.actions")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {enrolled.map((u) => (
                      <tr key={u.userId}>
                        <td>{u.visibleName || u.username}</td>
                        <td>{t.number(u.samples)}</td>
                        <td>{t.instant(u.enrolledAt)}</td>
                        <td>
                          <Button quiet onPress={() => void forget(u.userId)}>{t.t("face.remove")}</Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            <ReferencePicker
              t={t}
              name="faceUser"
              label={t.t("face.otherUser")}
              reference={userReference}
              value={other}
              onChange={(id) => setOther(id)}
            />
            <div className={ui.buttonRow}>
              <Button isDisabled={other === null || !consent} onPress={() => setTaking({ userId: other })}>
                {t.t("face.enrolOther")}
              </Button>
            </div>
          </div>
        )
        : null}
    </section>
  );
}
