// The location generator's dialog (business managers and administrators): a parent, a separator and one
// to three nested levels (prefix, quantity, digits, first number, type, flags). Preview asks the server
// for the labels without writing; Generate creates them all in one transaction. The server's messages
// (labels already taken, too many locations, a missing type) appear beside their fields, input kept.
import { type FormEvent, useState } from "react";
import { Form } from "react-aria-components/Form";
import { api, ApiError } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import type { PlainKey } from "../list/meta.ts";
import { Button, Checkbox, Notice, TextField } from "../../ui/controls.tsx";
import {
  focusFirstInvalid,
  InvalidFieldsProvider,
  NumberField,
  useInvalidFields,
} from "../../ui/number_field.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import type { ReferenceMeta } from "../../../shared/resources/meta.ts";
import { storageSpaceMeta } from "../../../shared/resources/generated/storage_space.ts";
import { ReferencePicker } from "../dialogs/reference_field.tsx";
import * as dialogs from "../dialogs/dialogs.css.ts";
import * as css from "./locations.css.ts";

const MAX_LEVELS = 3;
/** How many labels the preview lists; the total is always given. */
const PREVIEW_SHOWN = 24;

const FLAGS = [
  "cooled",
  "outside",
  "protected",
  "lockedIn",
  "lockedOut",
  "zoneReceipt",
  "zoneRelease",
  "zonePicking",
] as const;
type Flag = (typeof FLAGS)[number];

interface Level extends Record<Flag, boolean> {
  prefix: string;
  quantity: number | null;
  digits: number | null;
  beginFrom: number | null;
  typeId: number | null;
}

function newLevel(): Level {
  return {
    prefix: "",
    quantity: 10,
    digits: 2,
    beginFrom: 1,
    typeId: null,
    ...Object.fromEntries(FLAGS.map((f) => [f, false])) as Record<Flag, boolean>,
  };
}

const referenceOf = (name: string): ReferenceMeta =>
  storageSpaceMeta.fields.find((f) => f.name === name)!.reference!;
const parentRef = referenceOf("parentId");
const typeRef = referenceOf("typeId");

export function GeneratorDialog(
  p: { onClose: () => void; onGenerated: (created: number, ids: number[]) => void },
) {
  const t = useT();
  const [parentId, setParentId] = useState<number | null>(null);
  const [separator, setSeparator] = useState("-");
  const [levels, setLevels] = useState<Level[]>([newLevel()]);
  const [preview, setPreview] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalid = useInvalidFields();

  // Any change makes a shown preview stale.
  const changeLevels = (next: Level[]) => {
    setPreview(null);
    setLevels(next);
  };
  const setLevel = (i: number, change: Partial<Level>) =>
    changeLevels(levels.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const fieldErrors = (key: string) => errors[key]?.map((c) => t.t(c as PlainKey));

  async function send(previewOnly: boolean) {
    if (busy) return;
    // A number that is not one the generator takes stays as typed, with what is wrong beside it.
    if (focusFirstInvalid(invalid)) {
      setMessage(t.t("error.formHasErrors"));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const body = { parentId, separator, preview: previewOnly, levels };
      const r = await api<{ labels: string[]; created?: number; ids?: number[] }>(
        "POST",
        "/StorageSpace/generate",
        body,
      );
      setErrors({});
      if (previewOnly) setPreview(r.labels);
      else p.onGenerated(r.created ?? r.labels.length, r.ids ?? []);
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : null;
      const fields = { ...(apiErr?.fields ?? {}) };
      const clash = apiErr?.code === "record.uniqueConflict" && apiErr.params.labels !== undefined;
      // Labels already used are named beside the levels, instead of the generic "must be unique".
      if (clash) delete fields.levels;
      setTaken(
        clash
          ? t.plural("generator.labelsTaken", Number(apiErr.params.count ?? 0), {
            labels: String(apiErr.params.labels),
          })
          : null,
      );
      setErrors(fields);
      setPreview(null);
      const placed = Object.keys(fields).some((k) =>
        k === "parentId" || k === "separator" || k === "levels" || k.startsWith("levels.")
      );
      setMessage(
        clash
          ? null
          : apiErr?.code === "validation.failed" && placed
          ? t.t("error.formHasErrors")
          : errorMessage(t, err),
      );
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void send(false);
  }

  const levelErrors = [...(fieldErrors("levels") ?? []), ...(taken ? [taken] : [])];

  return (
    <ModalDialog
      title={t.t("generator.title")}
      isOpen
      onOpenChange={(open) => !open && p.onClose()}
      size="wide"
    >
      <InvalidFieldsProvider value={invalid}>
        <Form
          onSubmit={submit}
          validationBehavior="aria"
          className={dialogs.form}
          aria-label={t.t("generator.title")}
        >
          {message ? <Notice kind="error">{message}</Notice> : null}
          <fieldset className={dialogs.group}>
            <ReferencePicker
              t={t}
              name="parentId"
              label={t.t("generator.parent")}
              description={t.t("generator.parentHint")}
              reference={parentRef}
              value={parentId}
              onChange={(id) => {
                setPreview(null);
                setParentId(id);
              }}
              errors={fieldErrors("parentId")}
            />
            <TextField
              name="separator"
              label={t.t("generator.separator")}
              value={separator}
              onChange={(v) => {
                setPreview(null);
                setSeparator(v);
              }}
              autoComplete="off"
              errors={fieldErrors("separator")}
            />
          </fieldset>
          {levels.map((l, i) => {
            const name = (key: string) => `levels.${i}.${key}`;
            const number = (key: "quantity" | "digits" | "beginFrom", min: number, max: number) => (
              <NumberField
                name={name(key)}
                label={t.t(`generator.${key}`)}
                value={l[key]}
                onChange={(v) => setLevel(i, { [key]: v })}
                isRequired={key !== "beginFrom"}
                minValue={min}
                maxValue={max}
                errors={fieldErrors(name(key))}
                incrementLabel={t.t("dialog.increment")}
                decrementLabel={t.t("dialog.decrement")}
              />
            );
            return (
              <fieldset key={i} className={css.level}>
                <legend className={dialogs.legend}>{t.t("generator.level", { n: i + 1 })}</legend>
                <TextField
                  name={name("prefix")}
                  label={t.t("generator.prefix")}
                  value={l.prefix}
                  onChange={(v) => setLevel(i, { prefix: v })}
                  autoComplete="off"
                  description={t.t("master.savedInCapitals")}
                  errors={fieldErrors(name("prefix"))}
                />
                {number("quantity", 1, 1000)}
                {number("digits", 1, 6)}
                {number("beginFrom", 0, 999_999)}
                <ReferencePicker
                  t={t}
                  name={name("typeId")}
                  label={t.t("field.storageSpace.typeId")}
                  reference={typeRef}
                  value={l.typeId}
                  onChange={(id) => setLevel(i, { typeId: id })}
                  errors={fieldErrors(name("typeId"))}
                />
                <div className={css.flags}>
                  {FLAGS.map((f) => (
                    <Checkbox
                      key={f}
                      name={name(f)}
                      isSelected={l[f]}
                      onChange={(v) => setLevel(i, { [f]: v })}
                    >
                      {t.t(`field.storageSpace.${f}`)}
                    </Checkbox>
                  ))}
                </div>
                {levels.length > 1 && i === levels.length - 1
                  ? (
                    <Button quiet onPress={() => changeLevels(levels.slice(0, -1))}>
                      {t.t("generator.removeLevel", { n: i + 1 })}
                    </Button>
                  )
                  : null}
              </fieldset>
            );
          })}
          {levelErrors.length
            ? (
              <p role="alert" className={css.fieldError} data-testid="generator-levels-error">
                {levelErrors.join(" ")}
              </p>
            )
            : null}
          {levels.length < MAX_LEVELS
            ? (
              <span>
                <Button quiet onPress={() => changeLevels([...levels, newLevel()])}>
                  {t.t("generator.addLevel")}
                </Button>
              </span>
            )
            : null}
          {preview
            ? (
              <section aria-label={t.t("generator.previewTitle")} data-testid="generator-preview">
                <p role="status">{t.plural("generator.total", preview.length)}</p>
                <ul className={css.labels}>
                  {preview.slice(0, PREVIEW_SHOWN).map((label) => (
                    <li key={label} className={css.badge}>{label}</li>
                  ))}
                  {preview.length - PREVIEW_SHOWN > 0 ? <li aria-hidden="true">…</li> : null}
                </ul>
              </section>
            )
            : null}
          <DialogFooter>
            <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
            <Button quiet isDisabled={busy} onPress={() => void send(true)}>
              {t.t("generator.preview")}
            </Button>
            <Button type="submit" isDisabled={busy}>
              {busy ? t.t("common.loading") : t.t("generator.generate")}
            </Button>
          </DialogFooter>
        </Form>
      </InvalidFieldsProvider>
    </ModalDialog>
  );
}
