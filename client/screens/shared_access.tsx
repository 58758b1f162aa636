// The shared-access screen (issue 16; decision 0010) for administrators and business managers: the accesses
// handed out (the generic list of SharedAccess, with their state), a new one for a contractor (content, the
// five durations, single use, allowed sites) whose link and key are shown this once with copy buttons and a
// QR code of the link, and withdrawing one.
import { use, useEffect, useState } from "react";
import { api } from "../api.ts";
import { reportError } from "../errors.ts";
import { useT } from "../i18n/use_t.ts";
import { navigate } from "../shell/navigation.ts";
import { Button, Checkbox, Notice, Select, TextField } from "../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../ui/modal.tsx";
import { ResourceList } from "../features/list/resource_list.tsx";
import type { ResourceMeta, Row } from "../features/list/meta.ts";
import * as shell from "../shell/shell.css.ts";
import { metaOfResource } from "./resources.ts";
import { widgetSnippet } from "./widget_snippet.ts";

const ROUTE = "shared-access";
const contentTypes = ["wmsstock", "wmsinventory", "api", "urlLink"] as const;
type ContentType = (typeof contentTypes)[number];
const durations = ["30", "60", "1440", "10080", "none"] as const;
type Duration = (typeof durations)[number];

/** A stored duration in minutes as one of the named choices (no limit when none is kept). */
function durationOf(minutes: unknown): Duration {
  const named = durations.find((d) => d === String(minutes));
  return minutes === null || minutes === undefined || !named ? "none" : named;
}

let metaLoaded: Promise<ResourceMeta> | null = null;

interface Made {
  id: number;
  token: string;
  shortUrlKey: string;
  url: string | null;
}

export function SharedAccessScreen(p: { openedDialogId?: string }) {
  const t = useT();
  const meta = use(metaLoaded ??= metaOfResource.SharedAccess());
  const [creating, setCreating] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const title = t.t("route.shared-access");
  const openedId = p.openedDialogId && /^\d+$/.test(p.openedDialogId) ? Number(p.openedDialogId) : null;
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <Button onPress={() => setCreating(true)}>{t.t("sharedAccess.new")}</Button>
      <ResourceList
        meta={meta}
        route={ROUTE}
        title={title}
        canEdit={null}
        reloadKey={reloadKey}
        onOpen={(row: Row) => navigate(`/${ROUTE}/${row.id}`)}
        renderCell={(field, row) =>
          field.name === "durationMin"
            ? t.t(`sharedAccess.duration.${durationOf(row.durationMin)}`)
            : undefined}
      />
      {creating && (
        <CreateDialog
          onClose={() => {
            setCreating(false);
            setReloadKey((k) => k + 1);
          }}
        />
      )}
      {openedId !== null && (
        <AccessDialog
          id={openedId}
          onClose={() => {
            navigate(`/${ROUTE}`);
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </section>
  );
}

function CreateDialog(p: { onClose: () => void }) {
  const t = useT();
  const [contractors, setContractors] = useState<{ id: string; label: string }[]>([]);
  const [contentType, setContentType] = useState<ContentType>("wmsstock");
  const [contractor, setContractor] = useState("");
  const [duration, setDuration] = useState<Duration>("1440");
  const [singleUse, setSingleUse] = useState(false);
  const [origins, setOrigins] = useState("");
  const [made, setMade] = useState<Made | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    const filter = encodeURIComponent(
      JSON.stringify([{ field: "keyRole", operator: "eq", value: "contractor" }]),
    );
    api<{ results: { id: number; shortName: string }[] }>(
      "GET",
      `/Company?PageSize=1000&sortColumn=shortName&BasicFiltersSerialized=${filter}`,
    ).then((r) => {
      setContractors(r.results.map((c) => ({ id: String(c.id), label: c.shortName })));
      if (r.results[0]) setContractor((now) => now || String(r.results[0].id));
    }, reportError);
  }, []);
  const create = async () => {
    try {
      setMade(
        await api<Made>("POST", "/SharedAccess", {
          contentType,
          contractorId: Number(contractor),
          durationMin: duration === "none" ? null : Number(duration),
          singleUse,
          allowedOrigins: origins.split(/\s+/).filter(Boolean),
        }),
      );
      setErrors({});
    } catch (err) {
      const fields = (err as { fields?: Record<string, string[]> }).fields;
      if (fields && Object.keys(fields).length) {
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.map((c) => t.t(c as never))])),
        );
      } else reportError(err);
    }
  };
  const link = made?.url ? `${location.origin}${made.url}` : null;
  // A stock or inventory key is also a widget: the snippet a contractor's web shop pastes in.
  const element = contentType === "wmsstock"
    ? "wms-stock"
    : contentType === "wmsinventory"
    ? "wms-inventory"
    : null;
  const snippet = made && element ? widgetSnippet(location.origin, element, made.token) : null;
  return (
    <ModalDialog title={t.t("sharedAccess.new")} isOpen onOpenChange={(open) => !open && p.onClose()}>
      {made
        ? (
          <div data-testid="shared-access-made">
            <Notice>{t.t("sharedAccess.secretOnce")}</Notice>
            {link && <Secret label={t.t("sharedAccess.link")} value={link} testId="shared-access-link" />}
            <Secret label={t.t("sharedAccess.token")} value={made.token} testId="shared-access-token" />
            {snippet && (
              <Secret
                label={t.t("sharedAccess.snippet")}
                value={snippet}
                testId="shared-access-snippet"
                multiline
              />
            )}
            {link && <QrCode value={link} />}
            <DialogFooter>
              <Button onPress={p.onClose}>{t.t("common.close")}</Button>
            </DialogFooter>
          </div>
        )
        : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <Select
              label={t.t("field.sharedAccess.contentType")}
              value={contentType}
              options={contentTypes.map((c) => ({ id: c, label: t.t(`sharedAccess.content.${c}`) }))}
              onChange={setContentType}
            />
            <Select
              label={t.t("field.sharedAccess.contractorId")}
              value={contractor}
              options={contractors}
              onChange={setContractor}
              errors={errors.contractorId}
            />
            <Select
              label={t.t("field.sharedAccess.durationMin")}
              value={duration}
              options={durations.map((d) => ({ id: d, label: t.t(`sharedAccess.duration.${d}`) }))}
              onChange={setDuration}
            />
            <Checkbox isSelected={singleUse} onChange={setSingleUse}>
              {t.t("field.sharedAccess.singleUse")}
            </Checkbox>
            <TextField
              name="allowedOrigins"
              label={t.t("sharedAccess.origins")}
              multiline
              value={origins}
              onChange={setOrigins}
              errors={Object.entries(errors).filter(([k]) => k.startsWith("allowedOrigins")).flatMap((
                [, v],
              ) => v)}
            />
            <DialogFooter>
              <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
              <Button type="submit" isDisabled={!contractor}>{t.t("sharedAccess.create")}</Button>
            </DialogFooter>
          </form>
        )}
    </ModalDialog>
  );
}

function Secret(p: { label: string; value: string; testId: string; multiline?: boolean }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <TextField name={p.testId} label={p.label} value={p.value} isReadOnly multiline={p.multiline} />
      <span data-testid={p.testId} hidden>{p.value}</span>
      <Button
        quiet
        onPress={() =>
          navigator.clipboard?.writeText(p.value).then(() => setCopied(true), () => setCopied(false))}
      >
        {copied ? t.t("sharedAccess.copied") : t.t("sharedAccess.copy")}
      </Button>
    </div>
  );
}

/** The link as a QR code (bwip-js, loaded with it), for a phone to open. */
function QrCode(p: { value: string }) {
  const t = useT();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("bwip-js/browser").then((b) => b.toSVG({ bcid: "qrcode", text: p.value, scale: 3 }))
      .then((s) => live && setSvg(s), () => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [p.value]);
  if (!svg) return null;
  return (
    <figure data-testid="shared-access-qr" aria-label={t.t("sharedAccess.qr")} role="img">
      <div style={{ width: "180px" }} dangerouslySetInnerHTML={{ __html: svg }} />
    </figure>
  );
}

function AccessDialog(p: { id: number; onClose: () => void }) {
  const t = useT();
  const [row, setRow] = useState<Row | null>(null);
  const load = () => api<Row>("GET", `/SharedAccess/${p.id}`).then(setRow, reportError);
  useEffect(() => {
    void load();
  }, [p.id]);
  if (!row) return null;
  const state = String(row.statusCode);
  return (
    <ModalDialog
      title={t.t("resource.sharedAccess")}
      isOpen
      onOpenChange={(open) => !open && p.onClose()}
    >
      <dl data-testid="shared-access-record">
        <dt>{t.t("field.sharedAccess.contractorId")}</dt>
        <dd>{String(row.contractorName ?? "")}</dd>
        <dt>{t.t("field.sharedAccess.contentType")}</dt>
        <dd>{t.t(`sharedAccess.content.${row.contentType as ContentType}`)}</dd>
        <dt>{t.t("sharedAccess.state")}</dt>
        <dd data-testid="shared-access-state">{t.t(`sharedAccess.state.${state as "active"}`)}</dd>
        <dt>{t.t("field.sharedAccess.lastActivationAt")}</dt>
        <dd>
          {row.lastActivationAt ? t.instant(String(row.lastActivationAt)) : "—"}
        </dd>
        <dt>{t.t("field.sharedAccess.lastActivationIp")}</dt>
        <dd>{String(row.lastActivationIp ?? "—")}</dd>
      </dl>
      <DialogFooter>
        {state === "active" && (
          <Button
            danger
            onPress={() => api("POST", `/SharedAccess/${p.id}/withdraw`).then(load, reportError)}
          >
            {t.t("sharedAccess.withdraw")}
          </Button>
        )}
        <Button quiet onPress={p.onClose}>{t.t("common.close")}</Button>
      </DialogFooter>
    </ModalDialog>
  );
}
