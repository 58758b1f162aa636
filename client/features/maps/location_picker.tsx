// The warehouse map's choice of location: a combo box that offers, before anything is typed, the zones
// first and then, zone by zone, the locations in each (and any deeper one that has a map), indented as the
// tree nests them; typing searches every location. A location without a map says so ("no map yet").
import { useEffect, useMemo, useRef, useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { ComboBox } from "react-aria-components/ComboBox";
import { Group } from "react-aria-components/Group";
import { Header } from "react-aria-components/Header";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem, ListBoxSection } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { api } from "../../api.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import * as s from "../../ui/ui.css.ts";
import * as css from "./map.css.ts";

/** A location the picker offers (GET StorageSpace/MapChoices, or a search's result). */
export interface MapChoice {
  id: number;
  label: string;
  path: string;
  parentId: number | null;
  /** Its map's version; null: no map yet. */
  mapVersion: number | null;
}

const SEPARATOR = " / ";
const depthOf = (c: MapChoice) => c.path.split(SEPARATOR).length - 1;

/** The offer before typing: a section of the zones, then a section per zone of what is in it. */
export function groupChoices(
  choices: readonly MapChoice[],
): Array<{ key: string; zone: MapChoice | null; items: MapChoice[] }> {
  const zones = choices.filter((c) => c.parentId === null);
  const groups = [{ key: "zones", zone: null as MapChoice | null, items: zones }];
  for (const zone of zones) {
    const prefix = zone.path + SEPARATOR;
    const inside = choices.filter((c) => c.path.startsWith(prefix));
    if (inside.length) groups.push({ key: `zone-${zone.id}`, zone, items: inside });
  }
  return groups;
}

/** Up to 20 locations whose label, path or barcode contain `text`, in the tree's order. */
async function searchLocations(text: string, mapped: Map<number, number>): Promise<MapChoice[]> {
  const params = new URLSearchParams({
    PageNumber: "1",
    PageSize: "20",
    sortColumn: "path",
    BasicFiltersSerialized: JSON.stringify([{ field: "*", operator: "contains", value: text }]),
  });
  const page = await api<
    { results: Array<{ id: number; label: string; path: string; parentId: number | null }> }
  >(
    "GET",
    `/StorageSpace?${params}`,
  );
  return page.results.map((r) => ({
    id: r.id,
    label: r.label,
    path: r.path,
    parentId: r.parentId,
    mapVersion: mapped.get(r.id) ?? null,
  }));
}

export function LocationPicker(p: {
  t: Translator;
  choices: readonly MapChoice[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const { t } = p;
  const mapped = useMemo(
    () => new Map(p.choices.filter((c) => c.mapVersion !== null).map((c) => [c.id, c.mapVersion!])),
    [p.choices],
  );
  const [found, setFound] = useState<MapChoice[]>([]);
  const selected = p.choices.find((c) => c.id === p.value) ?? found.find((c) => c.id === p.value) ?? null;
  const [input, setInput] = useState(selected?.path ?? "");
  // The box shows the chosen location's path (also when it was chosen elsewhere: an upload).
  useEffect(() => setInput(selected?.path ?? ""), [selected?.path]);
  const typed = input.trim() !== "" && input !== selected?.path ? input.trim() : null;
  const asked = useRef(0);
  useEffect(() => {
    if (typed === null) return;
    const n = ++asked.current;
    const timer = setTimeout(() => {
      searchLocations(typed, mapped).then(
        (list) => n === asked.current && setFound(list),
        () => n === asked.current && setFound([]),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [typed, mapped]);
  const item = (c: MapChoice, indent: number) => (
    <ListBoxItem
      key={c.id}
      id={c.id}
      textValue={c.path}
      className={s.listItem}
      data-choice={c.path}
      data-has-map={c.mapVersion !== null || undefined}
    >
      <span className={css.choice} style={{ paddingInlineStart: `${indent * 1.25}rem` }}>
        <span>{typed === null ? c.label : c.path}</span>
        {c.mapVersion === null ? <span className={css.noMap}>{t.t("map.noMapBadge")}</span> : null}
      </span>
    </ListBoxItem>
  );
  return (
    <ComboBox
      className={s.field}
      selectedKey={p.value}
      inputValue={input}
      onInputChange={setInput}
      onSelectionChange={(key) => {
        const picked = [...p.choices, ...found].find((c) => c.id === Number(key));
        if (key === null || !picked) return;
        // The box's text with the choice, in the same render (a later change would open the list again).
        setInput(picked.path);
        p.onChange(picked.id);
      }}
      // What is offered is chosen here (the zones, or a search's answer), not narrowed again by the box.
      defaultFilter={() => true}
      allowsEmptyCollection
    >
      <Label className={s.label}>{t.t("map.location")}</Label>
      <Group className={css.pickerGroup}>
        <Input className={s.input} />
        <AriaButton className={s.selectButton} aria-label={t.t("map.showLocations")}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </Group>
      <Popover className={s.popover}>
        <ListBox
          className={css.choiceList}
          renderEmptyState={() => <p className={css.hint}>{t.t("map.noneFound")}</p>}
        >
          {typed !== null
            ? found.map((c) => item(c, 0))
            : groupChoices(p.choices).map((g) => (
              <ListBoxSection key={g.key} id={g.key}>
                <Header className={s.menuHeader}>
                  {g.zone ? t.t("map.inZone", { zone: g.zone.label }) : t.t("map.zones")}
                </Header>
                {g.items.map((c) => item(c, g.zone ? depthOf(c) - 1 : 0))}
              </ListBoxSection>
            ))}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
