// A colour typed as "#rrggbb" (react-aria's ColorField), with a swatch of what it is.
import { parseColor } from "react-aria-components/ColorField";
import { ColorField as AriaColorField } from "react-aria-components/ColorField";
import { ColorSwatch as AriaColorSwatch } from "react-aria-components/ColorSwatch";
import { FieldError } from "react-aria-components/FieldError";
import { Group } from "react-aria-components/Group";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import * as s from "./ui.css.ts";

/** "#rrggbb" in lower case, as the server stores it; null for anything else. */
function hexOf(value: string | null | undefined): string | null {
  return value && /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : null;
}

/** A swatch of a stored colour (nothing when there is none); its accessible name is the colour's. */
export function ColourSwatch(p: { value: string | null | undefined }) {
  const hex = hexOf(p.value);
  return hex ? <AriaColorSwatch color={parseColor(hex)} className={s.swatch} /> : null;
}

export function ColourField(p: {
  name: string;
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  isRequired?: boolean;
  errors?: string[];
}) {
  return (
    <AriaColorField
      name={p.name}
      value={hexOf(p.value)}
      onChange={(c) => p.onChange(c ? c.toString("hex").toLowerCase() : null)}
      isRequired={p.isRequired}
      isInvalid={!!p.errors?.length}
      validationBehavior="aria"
      className={s.field}
    >
      <Label className={s.label}>{p.label}</Label>
      <Group className={s.numberGroup}>
        <Input className={s.numberInput} />
        <ColourSwatch value={p.value} />
      </Group>
      <FieldError className={s.fieldError}>{p.errors?.join(" ")}</FieldError>
    </AriaColorField>
  );
}
