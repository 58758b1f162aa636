// The search box, styled like ./controls.tsx (its own file: the sign-in page's scripts do without it).
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField as AriaSearchField } from "react-aria-components/SearchField";
import * as s from "./ui.css.ts";

/** A search box: Escape clears it. */
export function SearchField(p: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <AriaSearchField value={p.value} onChange={p.onChange} className={s.searchField}>
      <Label className={s.label}>{p.label}</Label>
      <Input className={s.input} />
    </AriaSearchField>
  );
}
