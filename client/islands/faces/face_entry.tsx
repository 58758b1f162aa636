// Face sign-in's place on the sign-in screen: offered when this device signs in to a company that allows
// it (remembered after a sign-in there, or named by ?tenant= in the address), with what it does said first.
// The camera, the library and its models load only when the user asks for it.
import { lazy, Suspense, useEffect, useState } from "react";
import { api } from "../../api.ts";
import { useT } from "../../i18n/use_t.ts";
import { KEYS } from "../../state.ts";
import { Button } from "../../ui/controls.tsx";
import * as css from "./faces.css.ts";

const Camera = lazy(() => import("./face_signin.tsx"));

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
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const slug = rememberedTenant();
    if (!slug) return;
    api<{ available: boolean }>("GET", `/ComputerVision/available?tenant=${encodeURIComponent(slug)}`).then(
      (r) => r.available && setTenant(slug),
      () => {},
    );
  }, []);
  if (!tenant) return null;
  return (
    <section className={css.section} aria-labelledby="face-signin-title">
      <h2 id="face-signin-title" className={css.notice}>{t.t("face.signInTitle")}</h2>
      <p className={css.hint}>{t.t("face.signInNotice")}</p>
      {open
        ? (
          <Suspense fallback={<p>{t.t("face.loadingModels")}</p>}>
            <Camera tenant={tenant} />
          </Suspense>
        )
        : <Button onPress={() => setOpen(true)}>{t.t("face.signIn")}</Button>}
    </section>
  );
}
