// One wrapper per react-aria-components primitive, styled with theme tokens. Screens use these, never
// raw elements with styles of their own. The sign-in page's scripts carry this file: a control it does not
// show has a file of its own (./search_field.tsx, ./radio_group.tsx).
import type { ReactNode } from "react";
import { Button as AriaButton, type ButtonProps } from "react-aria-components/Button";
import { Checkbox as AriaCheckbox } from "react-aria-components/Checkbox";
import { FieldError } from "react-aria-components/FieldError";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Select as AriaSelect, SelectValue } from "react-aria-components/Select";
import { Switch as AriaSwitch } from "react-aria-components/Switch";
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from "react-aria-components/Tabs";
import { Text } from "react-aria-components/Text";
import { TextArea } from "react-aria-components/TextArea";
import { TextField as AriaTextField } from "react-aria-components/TextField";
import * as s from "./ui.css.ts";

export function Button(props: ButtonProps & { quiet?: boolean; danger?: boolean }) {
  const { quiet, danger, ...rest } = props;
  return <AriaButton {...rest} className={danger ? s.dangerButton : quiet ? s.quietButton : s.button} />;
}

export interface TextFieldProps {
  name: string;
  label: string;
  type?: "text" | "password" | "email" | "tel" | "date";
  value?: string;
  onChange?: (v: string) => void;
  autoComplete?: string;
  isRequired?: boolean;
  isReadOnly?: boolean;
  /** Several lines (a text area). */
  multiline?: boolean;
  /** A hint under the field. */
  description?: string;
  /** Messages for this field from the server (already translated). */
  errors?: string[];
  /** The label is for screen readers only (a table cell under its column heading). */
  hideLabel?: boolean;
}

export function TextField(p: TextFieldProps) {
  return (
    <AriaTextField
      name={p.name}
      type={p.multiline ? undefined : p.type ?? "text"}
      value={p.value}
      onChange={p.onChange}
      autoComplete={p.autoComplete}
      isRequired={p.isRequired}
      isReadOnly={p.isReadOnly}
      isInvalid={!!p.errors?.length}
      className={s.field}
      validationBehavior="aria"
    >
      <Label className={p.hideLabel ? s.visuallyHidden : s.label}>{p.label}</Label>
      {p.multiline ? <TextArea className={s.textArea} rows={3} /> : <Input className={s.input} />}
      {p.description ? <Text slot="description" className={s.description}>{p.description}</Text> : null}
      <FieldError className={s.fieldError}>{p.errors?.join(" ")}</FieldError>
    </AriaTextField>
  );
}

/** A value shown, not edited: a label and its text. */
export function ReadOnlyField(p: { label: string; children: ReactNode }) {
  return (
    <div className={s.field}>
      <span className={s.label}>{p.label}</span>
      <span className={s.readOnlyValue}>{p.children}</span>
    </div>
  );
}

export function Checkbox(
  p: {
    name?: string;
    /** The visible label; without it, `label` names the box. */
    children?: ReactNode;
    label?: string;
    isSelected: boolean;
    isIndeterminate?: boolean;
    onChange: (v: boolean) => void;
    isReadOnly?: boolean;
    errors?: string[];
  },
) {
  const box = (
    <AriaCheckbox
      name={p.name}
      aria-label={p.children ? undefined : p.label}
      isSelected={p.isSelected}
      isIndeterminate={p.isIndeterminate}
      onChange={p.onChange}
      isReadOnly={p.isReadOnly}
      isInvalid={!!p.errors?.length}
      className={s.checkbox}
    >
      <span className={s.box} aria-hidden="true">{p.isIndeterminate ? "−" : p.isSelected ? "✓" : ""}</span>
      {p.children}
    </AriaCheckbox>
  );
  if (!p.children) return box;
  return (
    <div className={s.field}>
      {box}
      {p.errors?.length ? <span className={s.fieldError}>{p.errors.join(" ")}</span> : null}
    </div>
  );
}

export function Switch(
  p: { children: ReactNode; isSelected: boolean; onChange: (v: boolean) => void; isReadOnly?: boolean },
) {
  return (
    <AriaSwitch
      isSelected={p.isSelected}
      onChange={p.onChange}
      isReadOnly={p.isReadOnly}
      className={s.switchRoot}
    >
      <span className={s.track} aria-hidden="true">
        <span className={s.thumb} />
      </span>
      {p.children}
    </AriaSwitch>
  );
}

export function Select<K extends string>(
  p: {
    label: string;
    value: K;
    options: Array<{ id: K; label: string }>;
    onChange: (v: K) => void;
    name?: string;
    isRequired?: boolean;
    isReadOnly?: boolean;
    /** Messages for this field from the server (already translated). */
    errors?: string[];
    /** The label is for screen readers only (a table cell under its column heading). */
    hideLabel?: boolean;
  },
) {
  const invalid = !!p.errors?.length;
  return (
    <AriaSelect
      name={p.name}
      selectedKey={p.value}
      onSelectionChange={(k) => p.onChange(k as K)}
      isRequired={p.isRequired}
      isDisabled={p.isReadOnly}
      isInvalid={invalid}
      validationBehavior="aria"
      className={p.name ? s.formSelect : s.select}
    >
      <Label className={p.hideLabel ? s.visuallyHidden : s.label}>{p.label}</Label>
      <AriaButton className={s.selectButton}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      {invalid ? <FieldError className={s.fieldError}>{p.errors!.join(" ")}</FieldError> : null}
      <Popover className={s.popover}>
        <ListBox>
          {p.options.map((o) => (
            <ListBoxItem key={o.id} id={o.id} className={s.listItem}>{o.label}</ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

export function Tabs(
  p: {
    label: string;
    selected: string;
    onChange: (id: string) => void;
    tabs: Array<{ id: string; title: string; content: ReactNode }>;
  },
) {
  return (
    <AriaTabs selectedKey={p.selected} onSelectionChange={(k) => p.onChange(String(k))}>
      <TabList aria-label={p.label} className={s.tabList}>
        {p.tabs.map((t) => <Tab key={t.id} id={t.id} className={s.tab}>{t.title}</Tab>)}
      </TabList>
      {p.tabs.map((t) => <TabPanel key={t.id} id={t.id}>{t.content}</TabPanel>)}
    </AriaTabs>
  );
}

export function Notice(p: { kind?: "info" | "error"; children: ReactNode }) {
  return (
    <div
      role={p.kind === "error" ? "alert" : "status"}
      className={p.kind === "error" ? s.errorNotice : s.notice}
    >
      {p.children}
    </div>
  );
}
