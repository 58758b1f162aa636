// The devices face sign-in works at, for administrators: this browser enrolled as one (named here), the
// others listed with who enrolled them and when they were last used, and any of them withdrawn.
import { useState } from "react";
import type { Translator } from "../../shared/i18n/mod.ts";
import { api } from "../api.ts";
import { errorMessage, fieldErrorMessages } from "../errors.ts";
import { KEYS, pushToast, writeStorage } from "../state.ts";
import { Button, TextField } from "../ui/controls.tsx";
import { type DeviceKey, enrolThisDevice } from "../features/faces/device_key.ts";
import * as ui from "../ui/ui.css.ts";
import * as css from "../features/faces/faces.css.ts";

export interface Device {
  id: number;
  name: string;
  enrolledBy: string;
  enrolledAt: string;
  lastUsedAt: string | null;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
}

export /** What an action of the screen says when it is done. */
type Done = "face.confirmedToast" | "face.refusedToast" | "face.removed" | "face.withdrawn";

export function FaceDevices(p: {
  t: Translator;
  slug: string | null;
  /** This browser's key for the company (undefined until IndexedDB has answered). */
  here: DeviceKey | null | undefined;
  setHere: (key: DeviceKey) => void;
  devices: Device[];
  hereListed: Device | undefined;
  hereActive: boolean;
  act: (call: () => Promise<unknown>, done: Done) => Promise<void>;
  load: () => void;
}) {
  const { t } = p;
  const [deviceName, setDeviceName] = useState("");
  const [deviceErrors, setDeviceErrors] = useState<string[]>([]);

  async function enrolDevice() {
    if (!p.slug) return;
    setDeviceErrors([]);
    try {
      p.setHere(await enrolThisDevice(p.slug, deviceName));
      // This device's sign-in screen offers face sign-in for this company from now on.
      writeStorage(KEYS.faceTenant, p.slug);
      setDeviceName("");
      pushToast("info", t.t("face.deviceEnrolled"));
      p.load();
    } catch (err) {
      const fields = fieldErrorMessages(t, err);
      if (fields.name) setDeviceErrors(fields.name);
      else pushToast("error", errorMessage(t, err));
    }
  }

  return (
    <div className={css.section} data-testid="face-devices">
      <h2 className={css.notice}>{t.t("face.devices")}</h2>
      <p className={css.hint}>{t.t("face.devicesNotice")}</p>
      <p data-testid="face-this-device">
        {p.hereActive ? t.t("face.thisDevice", { name: p.hereListed!.name }) : t.t("face.thisDeviceNot")}
      </p>
      <TextField
        name="deviceName"
        label={t.t("face.deviceName")}
        value={deviceName}
        onChange={setDeviceName}
        errors={deviceErrors}
      />
      <div className={ui.buttonRow}>
        <Button
          isDisabled={deviceName.trim() === "" || p.here === undefined}
          onPress={() => void enrolDevice()}
        >
          {t.t(p.hereActive ? "face.enrolDeviceAgain" : "face.enrolDevice")}
        </Button>
      </div>
      {p.devices.length === 0
        ? <p>{t.t("face.noDevices")}</p>
        : (
          <table className={css.table} data-testid="face-device-list">
            <thead>
              <tr>
                <th>{t.t("face.deviceColumn")}</th>
                <th>{t.t("face.enrolledByColumn")}</th>
                <th>{t.t("face.enrolledColumn")}</th>
                <th>{t.t("face.lastUsedColumn")}</th>
                <th>{t.t("face.stateColumn")}</th>
                <th>
                  <span className={ui.visuallyHidden}>{t.t("face.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {p.devices.map((d) => (
                <tr key={d.id}>
                  <td>{d.name}</td>
                  <td>{d.enrolledBy}</td>
                  <td>{t.instant(d.enrolledAt)}</td>
                  <td>{d.lastUsedAt ? t.instant(d.lastUsedAt) : t.t("face.never")}</td>
                  <td>
                    {d.withdrawnAt
                      ? t.t("face.withdrawnState", {
                        at: t.instant(d.withdrawnAt),
                        name: d.withdrawnBy ?? "",
                      })
                      : t.t(p.hereActive && p.hereListed?.id === d.id ? "face.inUseHere" : "face.inUse")}
                  </td>
                  <td>
                    {d.withdrawnAt ? null : (
                      <Button
                        quiet
                        onPress={() =>
                          void p.act(
                            () => api("DELETE", `/ComputerVision/devices/${d.id}`),
                            "face.withdrawn",
                          )}
                      >
                        {t.t("face.withdraw")}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </div>
  );
}
