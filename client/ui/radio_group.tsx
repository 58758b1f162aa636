// A choice of a few, styled like ./controls.tsx (its own file: the sign-in page's scripts do without it).
import { FieldError } from "react-aria-components/FieldError";
import { Label } from "react-aria-components/Label";
import { Radio, RadioGroup as AriaRadioGroup } from "react-aria-components/RadioGroup";
import * as s from "./ui.css.ts";

/** One choice of a few, each with its line of explanation; none chosen until the user chooses. */
export function RadioGroup<K extends string>(
  p: {
    label: string;
    value: K | null;
    options: Array<{ id: K; label: string; description?: string; isDisabled?: boolean }>;
    onChange: (v: K) => void;
    name?: string;
    isRequired?: boolean;
    /** Messages for this field from the server (already translated). */
    errors?: string[];
  },
) {
  const invalid = !!p.errors?.length;
  return (
    <AriaRadioGroup
      name={p.name}
      value={p.value}
      onChange={(v) => p.onChange(v as K)}
      isRequired={p.isRequired}
      isInvalid={invalid}
      validationBehavior="aria"
      className={s.radioGroup}
    >
      <Label className={s.label}>{p.label}</Label>
      {p.options.map((o) => (
        <Radio key={o.id} value={o.id} isDisabled={o.isDisabled} className={s.radio}>
          <span className={s.radioDot} aria-hidden="true" />
          <span className={s.radioText}>
            <span>{o.label}</span>
            {o.description ? <span className={s.description}>{o.description}</span> : null}
          </span>
        </Radio>
      ))}
      {invalid ? <FieldError className={s.fieldError}>{p.errors!.join(" ")}</FieldError> : null}
    </AriaRadioGroup>
  );
}
