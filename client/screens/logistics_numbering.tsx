// The numbering tab's table: every document type's, order type's, the containers' and production orders'
// numbering schema, each a line with its reset and the next number it gives, asked as it is edited.
import { useEffect, useRef, useState } from "react";
import { api } from "../api.ts";
import { useT } from "../i18n/use_t.ts";
import type { Translator } from "../../shared/i18n/mod.ts";
import type { PlainKey } from "../features/list/meta.ts";
import { Select, TextField } from "../ui/controls.tsx";
import { documentTypeCodes, orderTypeCodes, productionNumbering } from "../../shared/config/codes.ts";
import { partsToPattern, patternToParts } from "./numbering_pattern.ts";
import type { Config, Kind, Schema } from "./logistics_config_state.ts";
import * as lc from "./logistics_config.css.ts";
import { table } from "../features/stock/stock.css.ts";

export function NumberingTable(p: {
  t: Translator;
  config: Config;
  readOnly: boolean;
  previews: Record<string, string>;
  setInvalid: (change: (now: Set<string>) => Set<string>) => void;
  set: (change: (c: Config) => Config) => void;
}) {
  const { t, config } = p;
  const schemaRow = (
    key: string,
    label: string,
    kind: Kind,
    schema: Schema,
    put: (c: Config, s: Schema) => void,
    typeCode?: string,
  ) => (
    <SchemaRow
      // A new version (saved, or loaded again) shows its own patterns.
      key={`${key}-${config.version}`}
      label={label}
      kind={kind}
      typeCode={typeCode}
      schema={schema}
      readOnly={p.readOnly}
      loaded={p.previews[key]}
      onChange={(s) => {
        p.setInvalid((now) => {
          const next = new Set(now);
          if (s) next.delete(key);
          else next.add(key);
          return next;
        });
        if (s) p.set((c) => (put(c, s), c));
      }}
    />
  );
  return (
    <table className={table}>
      <thead>
        <tr>
          <th scope="col">{t.t("logistics.numbering")}</th>
          <th scope="col">{t.t("logistics.pattern")}</th>
          <th scope="col">{t.t("logistics.reset")}</th>
          <th scope="col">{t.t("logistics.preview")}</th>
        </tr>
      </thead>
      <tbody>
        {documentTypeCodes.map((code) =>
          schemaRow(
            `d-${code}`,
            `${t.t("logistics.documents")}: ${t.t(`option.typeCode.${code}` as PlainKey)}`,
            "document",
            config.numbering.documents[code],
            (c, s) => (c.numbering.documents[code] = s),
            code,
          )
        )}
        {orderTypeCodes.map((code) =>
          schemaRow(
            `o-${code}`,
            `${t.t("logistics.orders")}: ${t.t(`option.typeCode.${code}` as PlainKey)}`,
            "order",
            config.numbering.orders[code],
            (c, s) => (c.numbering.orders[code] = s),
            code,
          )
        )}
        {schemaRow(
          "container",
          t.t("logistics.container"),
          "container",
          config.numbering.container,
          (c, s) => (c.numbering.container = s),
        )}
        {schemaRow(
          "production",
          t.t("logistics.productionNumbering"),
          "order",
          config.production.numbering ?? productionNumbering(),
          (c, s) => (c.production.numbering = s),
          "PRD",
        )}
      </tbody>
    </table>
  );
}

/** One schema: its line, when its counter starts again, and the next number it gives. */
function SchemaRow(p: {
  label: string;
  kind: Kind;
  typeCode?: string;
  schema: Schema;
  readOnly: boolean;
  /** The next number of the schema as loaded (asked with all the others); undefined while on its way. */
  loaded: string | undefined;
  onChange: (s: Schema | null) => void;
}) {
  const t = useT();
  const [line, setLine] = useState(partsToPattern(p.schema.parts));
  const [preview, setPreview] = useState("");
  const parts = patternToParts(line);
  /** The schema as loaded: its number came with all the others; only an edited one asks for its own. */
  const start = useRef({ line, reset: p.schema.reset });
  useEffect(() => {
    if (!parts || p.readOnly) {
      setPreview("");
      return;
    }
    if (line === start.current.line && p.schema.reset === start.current.reset) {
      setPreview(p.loaded ?? "");
      return;
    }
    // Only the answer for what the field holds now is shown (a slower earlier one is dropped).
    let current = true;
    const timer = setTimeout(() => {
      api<{ number: string }>("POST", "/Config/NumberingPreview", {
        kind: p.kind,
        typeCode: p.typeCode ?? null,
        schema: { parts, reset: p.schema.reset },
      }, { cause: "read" }).then((r) => current && setPreview(r.number), () => current && setPreview(""));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [line, p.schema.reset, p.readOnly, p.loaded]);
  return (
    <tr data-testid={`numbering-${p.kind}-${p.typeCode ?? ""}`}>
      <th scope="row">{p.label}</th>
      <td className={lc.patternCell}>
        <TextField
          name={`pattern-${p.kind}-${p.typeCode ?? ""}`}
          label={t.t("logistics.pattern")}
          hideLabel
          value={line}
          isReadOnly={p.readOnly}
          onChange={(v) => {
            setLine(v);
            const next = patternToParts(v);
            p.onChange(next ? { parts: next, reset: p.schema.reset } : null);
          }}
          errors={parts ? [] : [t.t("logistics.patternInvalid")]}
        />
      </td>
      <td>
        <Select
          label={t.t("logistics.reset")}
          hideLabel
          value={p.schema.reset}
          isReadOnly={p.readOnly}
          options={(["never", "yearly", "monthly"] as const).map((r) => ({
            id: r,
            label: t.t(`logistics.reset.${r}`),
          }))}
          onChange={(reset) => parts && p.onChange({ parts, reset })}
        />
      </td>
      <td data-testid="numbering-preview">{preview}</td>
    </tr>
  );
}
