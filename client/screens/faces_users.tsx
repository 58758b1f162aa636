// Face sign-in's users, for administrators: each user with a face (a waiting enrolment confirmed or refused,
// a face removed), and another user chosen to be enrolled at this camera.
import type { Translator } from "../../shared/i18n/mod.ts";
import { api } from "../api.ts";
import { Button } from "../ui/controls.tsx";
import { ReferencePicker } from "../features/dialogs/reference_field.tsx";
import type { Done } from "./faces_devices.tsx";
import * as ui from "../ui/ui.css.ts";
import * as css from "../features/faces/faces.css.ts";

export interface Enrolled {
  userId: number;
  username: string;
  visibleName: string | null;
  samples: number;
  enrolledAt: string | null;
  pending: number;
  pendingSince: string | null;
}

const userReference = { resource: "User", path: "/User", titleFields: ["visibleName", "username"] } as const;

export function FaceUsers(p: {
  t: Translator;
  enrolled: Enrolled[];
  act: (call: () => Promise<unknown>, done: Done) => Promise<void>;
  other: number | null;
  setOther: (id: number | null) => void;
  consent: boolean;
  onEnrolOther: (userId: number) => void;
}) {
  const { t } = p;
  return (
    <div className={css.section}>
      <h2 className={css.notice}>{t.t("face.enrolledUsers")}</h2>
      {p.enrolled.length === 0
        ? <p>{t.t("face.nobodyEnrolled")}</p>
        : (
          <table className={css.table} data-testid="face-enrolled">
            <thead>
              <tr>
                <th>{t.t("field.user.username")}</th>
                <th>{t.t("face.samplesColumn")}</th>
                <th>{t.t("face.enrolledColumn")}</th>
                <th>{t.t("face.stateColumn")}</th>
                <th>
                  <span className={ui.visuallyHidden}>{t.t("face.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {p.enrolled.map((u) => (
                <tr key={u.userId}>
                  <td>{u.visibleName || u.username}</td>
                  <td>{t.number(u.samples)}</td>
                  <td>{t.instant(u.enrolledAt)}</td>
                  <td>
                    {u.pendingSince
                      ? t.t("face.waiting", { samples: u.pending, at: t.instant(u.pendingSince) })
                      : t.t("face.confirmed")}
                  </td>
                  <td>
                    <div className={ui.buttonRow}>
                      {u.pending
                        ? (
                          <>
                            <Button
                              onPress={() =>
                                void p.act(
                                  () => api("POST", `/ComputerVision/${u.userId}/review`, { accept: true }),
                                  "face.confirmedToast",
                                )}
                            >
                              {t.t("face.confirm")}
                            </Button>
                            <Button
                              quiet
                              onPress={() =>
                                void p.act(
                                  () =>
                                    api("POST", `/ComputerVision/${u.userId}/review`, {
                                      accept: false,
                                    }),
                                  "face.refusedToast",
                                )}
                            >
                              {t.t("face.refuse")}
                            </Button>
                          </>
                        )
                        : null}
                      <Button
                        quiet
                        onPress={() =>
                          void p.act(() => api("DELETE", `/ComputerVision/${u.userId}`), "face.removed")}
                      >
                        {t.t("face.remove")}
                      </Button>
                    </div>
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
        value={p.other}
        onChange={(id) => p.setOther(id)}
      />
      <div className={ui.buttonRow}>
        <Button isDisabled={p.other === null || !p.consent} onPress={() => p.onEnrolOther(p.other!)}>
          {t.t("face.enrolOther")}
        </Button>
      </div>
    </div>
  );
}
