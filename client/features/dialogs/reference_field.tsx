// Pickers of linked records: one (a reference) or several (references). Typing searches the target's list
// (quick search `*` contains, 20 at a time, with the reference's own conditions); a linked record shows
// its name, read from the target (GET {path}/{id}) when the record at hand does not carry it. A product
// is offered by its name, with its index and barcodes beside it (product_option.tsx).
import { useCallback, useEffect, useRef, useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { ComboBox } from "react-aria-components/ComboBox";
import { FieldError } from "react-aria-components/FieldError";
import { Group } from "react-aria-components/Group";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Text } from "react-aria-components/Text";
import { api } from "../../api.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import type { ReferenceMeta } from "../../../shared/resources/meta.ts";
import { referenceTitle } from "../list/meta.ts";
import { type ProductFace, productFace, ProductOption, productTitle } from "./product_option.tsx";
import { Button } from "../../ui/controls.tsx";
import { RemovableTags } from "../../ui/tag_list.tsx";
import * as s from "../../ui/ui.css.ts";
import * as css from "./dialogs.css.ts";

interface Candidate {
  id: number;
  title: string;
  /** A product's name, index and barcodes, as its option shows them. */
  product?: ProductFace;
}

/** A record of the target as a picker offers it. */
function candidateOf(ref: ReferenceMeta, r: Record<string, unknown>): Candidate {
  if (ref.resource === "Product") {
    const product = productFace(r);
    return { id: Number(r.id), title: productTitle(product) || `#${r.id}`, product };
  }
  return { id: Number(r.id), title: referenceTitle(ref.titleFields, r) };
}

/** Up to 20 records of the target whose quick-search fields contain `text`. */
export async function searchReference(ref: ReferenceMeta, text: string): Promise<Candidate[]> {
  const filters: unknown[] = [...(ref.filters ?? [])];
  if (text.trim()) filters.push({ field: "*", operator: "contains", value: text.trim() });
  const params = new URLSearchParams({ PageNumber: "1", PageSize: "20" });
  if (filters.length) params.set("BasicFiltersSerialized", JSON.stringify(filters));
  const page = await api<{ results: Record<string, unknown>[] }>("GET", `${ref.path}?${params}`);
  return page.results.map((r) => candidateOf(ref, r));
}

/** The names of linked records: those known already (`seed`, picked ones), the rest read one by one. */
export function useTitles(
  ref: ReferenceMeta,
  ids: readonly number[],
  seed: Record<number, string> = {},
): [Record<number, string>, (c: Candidate) => void] {
  const [titles, setTitles] = useState<Record<number, string>>(seed);
  const key = ids.join(",");
  useEffect(() => {
    const missing = ids.filter((id) => titles[id] === undefined);
    if (!missing.length) return;
    let cancelled = false;
    Promise.all(missing.map((id) =>
      api<Record<string, unknown>>("GET", `${ref.path}/${id}`).then(
        (r) => [id, candidateOf(ref, r).title] as const,
        () => [id, `#${id}`] as const,
      )
    )).then((pairs) => {
      if (!cancelled) setTitles((old) => ({ ...old, ...Object.fromEntries(pairs) }));
    });
    return () => {
      cancelled = true;
    };
    // The ids as a list of values: a new array with the same ids reads nothing again.
  }, [ref, key]);
  const remember = useCallback((c: Candidate) => setTitles((old) => ({ ...old, [c.id]: c.title })), []);
  return [titles, remember];
}

/** The candidates for `input` (none asked for while it is null), the latest answer winning. */
function useCandidates(ref: ReferenceMeta, input: string | null): Candidate[] {
  const [items, setItems] = useState<Candidate[]>([]);
  const asked = useRef(0);
  useEffect(() => {
    if (input === null) return;
    const n = ++asked.current;
    const timer = setTimeout(() => {
      searchReference(ref, input).then(
        (found) => n === asked.current && setItems(found),
        () => n === asked.current && setItems([]),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [ref, input]);
  return items;
}

interface PickerProps {
  t: Translator;
  name: string;
  label: string;
  reference: ReferenceMeta;
  isRequired?: boolean;
  description?: string;
  errors?: string[];
  /** In a table row: the label is read out, not shown (the column heading shows it). */
  hideLabel?: boolean;
}

function SearchBox(
  p: PickerProps & {
    input: string;
    onInput: (v: string) => void;
    onOpen: () => void;
    items: Candidate[];
    selectedKey: number | null;
    onPick: (c: Candidate) => void;
    autoFocus?: boolean;
  },
) {
  return (
    <ComboBox
      name={p.name}
      inputValue={p.input}
      onInputChange={p.onInput}
      items={p.items}
      selectedKey={p.selectedKey}
      onSelectionChange={(key) => {
        const picked = p.items.find((c) => c.id === Number(key));
        if (key !== null && picked) p.onPick(picked);
      }}
      onOpenChange={(open) => open && p.onOpen()}
      allowsEmptyCollection
      isRequired={p.isRequired}
      isInvalid={!!p.errors?.length}
      validationBehavior="aria"
      className={`${s.field} ${css.pickerBox}`}
    >
      <Label className={p.hideLabel ? s.visuallyHidden : s.label}>{p.label}</Label>
      <Group className={s.numberGroup}>
        <Input className={s.numberInput} autoFocus={p.autoFocus} />
        <AriaButton className={s.stepButton}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </Group>
      {p.description ? <Text slot="description" className={s.description}>{p.description}</Text> : null}
      <FieldError className={s.fieldError}>{p.errors?.join(" ")}</FieldError>
      <Popover className={s.popover}>
        <ListBox<Candidate>
          className={s.comboList}
          renderEmptyState={() => <div className={s.comboEmpty}>{p.t.t("master.noMatches")}</div>}
        >
          {(c) => (
            <ListBoxItem
              id={c.id}
              // What the field holds once picked; a product's option is read out by its name and codes.
              textValue={c.title}
              className={s.menuItem}
            >
              {c.product ? <ProductOption product={c.product} slots /> : c.title}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/** One linked record, clearable. `onChange` also names the record picked. */
export function ReferencePicker(
  p: PickerProps & {
    value: number | null;
    /** The linked record's name when the record at hand carries it. */
    knownTitle?: string;
    onChange: (id: number | null, title?: string) => void;
  },
) {
  const ids = p.value === null ? [] : [p.value];
  const [titles, remember] = useTitles(
    p.reference,
    ids,
    p.value !== null && p.knownTitle ? { [p.value]: p.knownTitle } : {},
  );
  const [input, setInput] = useState<string | null>(null);
  const found = useCandidates(p.reference, input);
  const selected = p.value === null ? null : { id: p.value, title: titles[p.value] ?? "" };
  // The linked record stays among the options, so the box keeps showing its name when focus leaves it.
  const items = selected && !found.some((c) => c.id === selected.id) ? [...found, selected] : found;
  return (
    <div className={css.picker}>
      <SearchBox
        {...p}
        input={input ?? selected?.title ?? ""}
        onInput={(v) => {
          setInput(v);
          if (v.trim() === "" && p.value !== null) p.onChange(null);
        }}
        onOpen={() => setInput((v) => v ?? "")}
        items={items}
        selectedKey={p.value}
        onPick={(c) => {
          remember(c);
          setInput(null);
          p.onChange(c.id, c.title);
        }}
      />
      {p.value !== null
        ? (
          <span className={p.hideLabel ? undefined : css.pickerClear}>
            <Button
              quiet
              aria-label={p.t.t("master.clear", { field: p.label })}
              onPress={() => p.onChange(null)}
            >
              <span aria-hidden="true">✕</span>
            </Button>
          </span>
        )
        : null}
    </div>
  );
}

/** Several linked records: tags to remove, a search box to add. */
export function ReferencesPicker(
  p: PickerProps & {
    value: readonly number[];
    onChange: (ids: number[]) => void;
  },
) {
  const [titles, remember] = useTitles(p.reference, p.value);
  const [input, setInput] = useState<string | null>(null);
  const found = useCandidates(p.reference, input);
  // Each pick starts a fresh, closed search box with the focus in it (clearing the text of an open
  // box would only show the suggestions again, covering the rest of the form).
  const [picks, setPicks] = useState(0);
  return (
    <div className={css.wide}>
      <RemovableTags
        label={p.label}
        items={p.value.map((id) => ({ id, text: titles[id] ?? `#${id}` }))}
        onRemove={(id) => p.onChange(p.value.filter((x) => x !== id))}
        removeLabel={(text) => p.t.t("master.remove", { value: text })}
        emptyText={p.t.t("master.noValues")}
      />
      <SearchBox
        {...p}
        key={picks}
        autoFocus={picks > 0}
        label={p.t.t("master.addLink", { field: p.label })}
        isRequired={false}
        input={input ?? ""}
        onInput={setInput}
        onOpen={() => setInput((v) => v ?? "")}
        items={found.filter((c) => !p.value.includes(c.id))}
        selectedKey={null}
        onPick={(c) => {
          remember(c);
          setInput(null);
          setPicks((n) => n + 1);
          p.onChange([...p.value, c.id]);
        }}
      />
    </div>
  );
}

/** The names of linked records, shown read-only. */
export function ReferenceNames(p: { reference: ReferenceMeta; ids: readonly number[]; known?: string }) {
  const [titles] = useTitles(p.reference, p.known ? [] : p.ids);
  return <>{p.known ?? p.ids.map((id) => titles[id] ?? `#${id}`).join(", ")}</>;
}
