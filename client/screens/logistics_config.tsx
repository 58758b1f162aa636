// Administration → Logistics configuration (issue 17): the numbering schemas of every document type, order
// type, containers and production orders, each written as one line (numbering_pattern.ts) with the next
// number it gives shown live (all of them in one POST Config/NumberingPreviews as the screen opens, an edited
// one by POST Config/NumberingPreview); the document and order types in use; the
// expiry, short-expiry, rack-load and temperature rules; units; production and counting settings. Saved with
// the version check; every user's startup configuration reloads over the hub (client/hub.ts).
import { Button, Notice, Tabs, TextField } from "../ui/controls.tsx";
import { Loading } from "../ui/loading.tsx";
import { useLogisticsConfig } from "./logistics_config_state.ts";
import { NumberingTable } from "./logistics_numbering.tsx";
import { OperationsPanel, ProductionPanel, RulesPanel, UnitsPanel } from "./logistics_panels.tsx";
import * as shell from "../shell/shell.css.ts";
import * as css from "./portal.css.ts";

export function LogisticsConfigScreen() {
  const s = useLogisticsConfig();
  const { t, config, readOnly, errors, set } = s;
  if (!config) {
    // The title at once, and what the screen waits for (or why it cannot be shown).
    return (
      <section aria-busy={!s.loadError}>
        <h1 className={shell.title}>{t.t("route.logistics-config")}</h1>
        {s.loadError
          ? <Notice kind="error">{s.loadError}</Notice>
          : <Loading text={t.t("common.loading")} testId="logistics-loading" />}
      </section>
    );
  }
  const panel = { t, config, readOnly, errors, set };
  return (
    <section data-testid="logistics-config">
      <h1 className={shell.title}>{t.t("route.logistics-config")}</h1>
      {readOnly && <Notice>{t.t("logistics.readOnly")}</Notice>}
      {s.notice && <Notice kind={s.notice.kind}>{s.notice.text}</Notice>}
      {s.loadError && <Notice kind="error">{s.loadError}</Notice>}
      <Tabs
        label={t.t("route.logistics-config")}
        selected={s.tab}
        onChange={s.setTab}
        tabs={[
          {
            id: "numbering",
            title: t.t("logistics.numbering"),
            content: (
              <>
                <NumberingTable
                  t={t}
                  config={config}
                  readOnly={readOnly}
                  previews={s.previews}
                  setInvalid={s.setInvalid}
                  set={set}
                />
                <TextField
                  name="draftPrefix"
                  label={t.t("logistics.draftPrefix")}
                  value={config.numbering.draftPrefix}
                  isReadOnly={readOnly}
                  onChange={(v) => set((c) => (c.numbering.draftPrefix = v, c))}
                  errors={errors["numbering.draftPrefix"]}
                />
              </>
            ),
          },
          { id: "operations", title: t.t("logistics.operations"), content: <OperationsPanel {...panel} /> },
          { id: "rules", title: t.t("logistics.rules"), content: <RulesPanel {...panel} /> },
          {
            id: "units",
            title: t.t("logistics.units"),
            content: <UnitsPanel {...panel} unitsText={s.unitsText} setUnitsText={s.setUnitsText} />,
          },
          { id: "production", title: t.t("logistics.production"), content: <ProductionPanel {...panel} /> },
        ]}
      />
      {!readOnly && (
        <Button isDisabled={s.invalid.size > 0} onPress={() => void s.save()}>{t.t("logistics.save")}</Button>
      )}
      <p className={css.muted}>{t.t("logistics.patternHelp")}</p>
    </section>
  );
}
