// External services (issue 19). external-credentials: the shop and carrier accounts (administrators), each
// dialog with its state, a connection test, connecting a shop through its approval page, and the shop's
// import and stock push with their progress (live). external-shop-activation: where the shop sends the user
// back; it checks the activation code. product-external: the shop's products as imported, each linked to
// one of ours by hand where its EAN found none.
import { useCallback, useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { ProgressLine } from "../ui/progress.tsx";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import { pushToast, startupAtom } from "../state.ts";
import { navigate } from "../shell/navigation.ts";
import { Button, Notice, Select } from "../ui/controls.tsx";
import { ResourceList } from "../features/list/resource_list.tsx";
import { ReferencePicker } from "../features/dialogs/reference_field.tsx";
import type { Values } from "../features/dialogs/form_state.ts";
import { useVerb } from "../features/dialogs/use_verb.ts";
import type { PlainKey } from "../features/list/meta.ts";
import { externalCredentialsMeta } from "../../shared/resources/generated/external_credentials.ts";
import { productExternalMeta } from "../../shared/resources/generated/product_external.ts";
import * as shell from "../shell/shell.css.ts";
import * as ui from "../ui/ui.css.ts";

type RouteProps = { openedDialogId?: string; additionalParams?: string };

/** A job's progress on a credentials record: a bar while it runs, its end after. */
function JobState(p: { record: Values }) {
  const t = useT();
  const r = p.record;
  if (!r.jobKind || r.jobStatus === "idle") return null;
  const kind = t.t(`external.job.${r.jobKind}` as PlainKey);
  if (r.jobStatus === "running") {
    const total = typeof r.jobTotal === "number" ? r.jobTotal : null;
    return (
      <ProgressLine
        label={kind}
        value={Number(r.jobProcessed ?? 0)}
        max={total}
        testId="external-job"
        text={t.t("external.job.running", {
          kind,
          processed: t.number(Number(r.jobProcessed ?? 0)),
          total: total === null ? "…" : t.number(total),
        })}
      />
    );
  }
  return (
    <Notice kind={r.jobStatus === "failed" ? "error" : "info"}>
      <span data-testid="external-job">
        {r.jobStatus === "failed"
          ? t.t("external.job.failed", { kind, error: t.t(`apiError.${r.jobError}` as PlainKey) })
          : t.t("external.job.done", { kind, processed: t.number(Number(r.jobProcessed ?? 0)) })}
      </span>
    </Notice>
  );
}

/** A credentials dialog's part: its state, a test, connecting a shop, importing and pushing stock. */
function CredentialsPanel(p: { record: Values; reload: () => void }) {
  const t = useT();
  const id = p.record.id as number;
  const [busy, setBusy] = useState(false);
  useResourceEvents("ExternalCredentials", (e) => {
    if (e.id === id) p.reload();
  });
  const shop = p.record.serviceCodeName === "woocommerce";
  async function run(method: "GET" | "POST", path: string, done?: PlainKey) {
    setBusy(true);
    try {
      const answer = await api<{ authorizeUrl?: string }>(method, path);
      if (answer?.authorizeUrl) {
        // To the shop's approval page; the shop sends the user back to the activation screen.
        location.assign(answer.authorizeUrl);
        return;
      }
      if (done) pushToast("info", t.t(done));
      p.reload();
    } catch (err) {
      pushToast("error", errorMessage(t, err));
      p.reload();
    } finally {
      setBusy(false);
    }
  }
  const state = p.record.valid
    ? t.t("external.state.valid")
    : p.record.lastError
    ? t.t("external.state.refused", { error: t.t(`apiError.${p.record.lastError}` as PlainKey) })
    : t.t("external.state.untried");
  return (
    <section data-testid="external-panel">
      <Notice kind={p.record.valid ? "info" : "error"}>
        <span data-testid="external-state">{state}</span>
      </Notice>
      <div className={ui.buttonRow}>
        <Button
          isDisabled={busy}
          onPress={() => void run("POST", `/ExternalCredentials/${id}/test`, "external.tested")}
        >
          {t.t("external.test")}
        </Button>
        {shop
          ? (
            <>
              <Button isDisabled={busy} onPress={() => void run("GET", `/ExternalCredentials/config/${id}`)}>
                {t.t("external.connect")}
              </Button>
              <Button
                isDisabled={busy || p.record.jobStatus === "running"}
                onPress={() => void run("GET", `/ProductExternal/import/${id}`)}
              >
                {t.t("external.import")}
              </Button>
              <Button
                isDisabled={busy || p.record.jobStatus === "running"}
                onPress={() => void run("POST", `/ProductExternal/push/${id}`)}
              >
                {t.t("external.push")}
              </Button>
            </>
          )
          : null}
      </div>
      <JobState record={p.record} />
    </section>
  );
}

export function ExternalCredentialsScreen(p: RouteProps) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const title = t.t("route.external-credentials");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <ResourceList
        meta={externalCredentialsMeta}
        route="external-credentials"
        title={title}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={startup ? startup.user.isSuperUser : null}
        dialogExtra={(record, reload) => <CredentialsPanel record={record} reload={reload} />}
      />
    </section>
  );
}

/** Where the shop sends the user back: the activation code is checked, once. */
export function ExternalActivationScreen() {
  const t = useT();
  const [state, setState] = useState<{ kind: "info" | "error"; text: string } | null>(null);
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const id = q.get("credentialsId"), code = q.get("code");
    if (!id || !code || q.get("success") === "0") {
      setState({ kind: "error", text: t.t("external.activation.refused") });
      return;
    }
    api("GET", `/ExternalCredentials/activate/${encodeURIComponent(id)}/${encodeURIComponent(code)}`).then(
      () => setState({ kind: "info", text: t.t("external.activation.done") }),
      (err) => setState({ kind: "error", text: errorMessage(t, err) }),
    );
    // Checked once: the code is spent by the check.
  }, []);
  return (
    <section>
      <h1 className={shell.title}>{t.t("route.external-shop-activation")}</h1>
      {state
        ? (
          <Notice kind={state.kind}>
            <span data-testid="activation-state">{state.text}</span>
          </Notice>
        )
        : <p>{t.t("common.loading")}</p>}
      <div className={ui.buttonRow}>
        <Button onPress={() => navigate("/product-external")}>{t.t("route.product-external")}</Button>
        <Button quiet onPress={() => navigate("/external-credentials")}>
          {t.t("route.external-credentials")}
        </Button>
      </div>
    </section>
  );
}

/** A shop's product's link to one of ours. */
function LinkPanel(p: { record: Values; reload: () => void; canLink: boolean }) {
  const t = useT();
  const reference = productExternalMeta.fields.find((f) => f.name === "productId")!.reference!;
  const [productId, setProductId] = useState<number | null>((p.record.productId as number | null) ?? null);
  const verb = useVerb({ show: "toast" });
  const save = (value: number | null) =>
    verb.run(() => api("POST", `/ProductExternal/${p.record.id}/link`, { productId: value }), {
      done: () => {
        pushToast("info", t.t(value === null ? "external.unlinked" : "external.linked"));
        p.reload();
      },
    });
  if (!p.canLink) return null;
  return (
    <section data-testid="external-link">
      <ReferencePicker
        t={t}
        name="productId"
        label={t.t("external.linkTo")}
        reference={reference}
        value={productId}
        knownTitle={(p.record.productIndex as string | null) ?? undefined}
        onChange={(id) => setProductId(id)}
      />
      <div className={ui.buttonRow}>
        <Button isDisabled={verb.busy || productId === null} onPress={() => void save(productId)}>
          {t.t("external.link")}
        </Button>
        {p.record.productId !== null
          ? (
            <Button quiet isDisabled={verb.busy} onPress={() => void save(null)}>
              {t.t("external.unlink")}
            </Button>
          )
          : null}
      </div>
    </section>
  );
}

interface Credentials {
  id: number;
  description: string | null;
  baseUrl: string;
  serviceCodeName: string;
}

export function ProductExternalScreen(p: RouteProps) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const admin = !!startup?.user.isSuperUser;
  const manager = admin || !!startup?.user.isPowerUser;
  const [shops, setShops] = useState<Credentials[]>([]);
  const [shop, setShop] = useState<string>("");
  const [reloadKey, setReloadKey] = useState(0);
  const title = t.t("route.product-external");
  useEffect(() => {
    if (!admin) return;
    const filter = JSON.stringify([{ field: "serviceType", operator: "eq", value: "onlineShop" }]);
    api<{ results: Credentials[] }>(
      "GET",
      `/ExternalCredentials?PageSize=100&BasicFiltersSerialized=${encodeURIComponent(filter)}`,
    )
      .then((r) => {
        setShops(r.results);
        if (r.results[0]) setShop(String(r.results[0].id));
      }, () => {});
  }, [admin]);
  const [job, setJob] = useState<Values | null>(null);
  const readJob = useCallback(() => {
    if (!shop) return;
    api<Values>("GET", `/ExternalCredentials/${shop}`).then((r) => {
      setJob(r);
      if (r.jobStatus !== "running") setReloadKey((k) => k + 1);
    }, () => {});
  }, [shop]);
  useEffect(readJob, [readJob]);
  useResourceEvents("ExternalCredentials", (e) => {
    if (String(e.id) === shop) readJob();
  });
  async function start(method: "GET" | "POST", path: string) {
    try {
      await api(method, path);
      readJob();
    } catch (err) {
      pushToast("error", errorMessage(t, err));
    }
  }
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      {admin && shops.length
        ? (
          <div className={ui.buttonRow}>
            <Select
              label={t.t("external.shop")}
              value={shop}
              options={shops.map((s) => ({ id: String(s.id), label: s.description || s.baseUrl }))}
              onChange={setShop}
            />
            <Button
              isDisabled={job?.jobStatus === "running"}
              onPress={() => void start("GET", `/ProductExternal/import/${shop}`)}
            >
              {t.t("external.import")}
            </Button>
            <Button
              isDisabled={job?.jobStatus === "running"}
              onPress={() => void start("POST", `/ProductExternal/push/${shop}`)}
            >
              {t.t("external.push")}
            </Button>
          </div>
        )
        : null}
      {job ? <JobState record={job} /> : null}
      <ResourceList
        meta={productExternalMeta}
        route="product-external"
        title={title}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={false}
        reloadKey={reloadKey}
        dialogExtra={(record, reload) => (
          <LinkPanel
            record={record}
            reload={() => {
              reload();
              setReloadKey((k) => k + 1);
            }}
            canLink={manager}
          />
        )}
      />
    </section>
  );
}
