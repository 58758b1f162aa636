// Face sign-in's place on the sign-in screen: offered when this device signs in to a company that allows
// it (remembered after a sign-in there, or named by ?tenant= in the address), with what it does said first,
// and only on a device an administrator enrolled there (its key in this browser: device_key.ts); another
// device is told so. The camera, the library and its models load only when the user asks for it.
import { Suspense, useEffect, useState } from "react";
import { api } from "../../api.ts";
import { useT } from "../../i18n/use_t.ts";
import { KEYS } from "../../state.ts";
import { Button } from "../../ui/controls.tsx";
import { lazyScreen } from "../../shell/lazy.tsx";
import * as css from "./faces.css.ts";
import type { DeviceKey } from "./device_key.ts";

const Camera = lazyScreen(() => import("./face_signin.tsx"), []);

function rememberedTenant(): string | null {
  try {
    const named = new URLSearchParams(location.search).get("tenant");
    if (named) return named;
    const kept = localStorage.getItem(KEYS.faceTenant);
    return kept ? JSON.parse(kept) as string : null;
  } catch {
    return null;
  }
}

export function FaceSignIn() {
  const t = useT();
  const [tenant, setTenant] = useState<string | null>(null);
  /** This browser's key for the company; null: not enrolled there. */
  const [device, setDevice] = useState<DeviceKey | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const slug = rememberedTenant();
    if (!slug) return;
    let cancelled = false;
    api<{ available: boolean }>("GET", `/ComputerVision/available?tenant=${encodeURIComponent(slug)}`).then(
      async (r) => {
        if (!r.available) return;
        // This device's key store (IndexedDB) only where face sign-in is offered.
        const key = await (await import("./device_key.ts")).deviceKeyOf(slug);
        if (cancelled) return;
        setDevice(key);
        setTenant(slug);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, []);
  if (!tenant || device === undefined) return null;
  return (
    <section className={css.section} aria-labelledby="face-signin-title" data-testid="face-entry">
      <h2 id="face-signin-title" className={css.notice}>{t.t("face.signInTitle")}</h2>
      <p className={css.hint}>{t.t("face.signInNotice")}</p>
      {!device
        ? <p className={css.hint} data-testid="face-device">{t.t("apiError.face.deviceNotEnrolled")}</p>
        : open
        ? (
          <Suspense fallback={<p>{t.t("face.loadingModels")}</p>}>
            <Camera tenant={tenant} device={device} />
          </Suspense>
        )
        : <Button onPress={() => setOpen(true)}>{t.t("face.signIn")}</Button>}
    </section>
  );
}
