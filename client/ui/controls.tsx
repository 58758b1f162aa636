// One wrapper per react-aria-components primitive, styled with theme tokens. Screens use these, never
// raw elements with styles of their own.
import type { ReactNode } from "react";
import {
  Button as AriaButton,
  type ButtonProps,
  Checkbox as AriaCheckbox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Switch as AriaSwitch,
  Tab,
  TabList,
  TabPanel,
  Tabs as AriaTabs,
  TextField as AriaTextField,
} from "react-aria-components";
import * as s from "./ui.css.ts";

export function Button(props: ButtonProps & { quiet?: boolean }) {
  const { quiet, ...rest } = props;
  return <AriaButton {...rest} className={quiet ? s.quietButton : s.button} />;
}

export interface TextFieldProps {
  name: string;
  label: string;
  type?: "text" | "password" | "email";
  value?: string;
  onChange?: (v: string) => void;
  autoComplete?: string;
  isRequired?: boolean;
  /** Messages for this field from the server (already translated). */
  errors?: string[];
}

export function TextField(p: TextFieldProps) {
  return (
    <AriaTextField
      name={p.name}
      type={p.type ?? "text"}
      value={p.value}
      onChange={p.onChange}
      autoComplete={p.autoComplete}
      isRequired={p.isRequired}
      isInvalid={!!p.errors?.length}
      className={s.field}
      validationBehavior="aria"
    >
      <Label className={s.label}>{p.label}</Label>
      <Input className={s.input} />
      <FieldError className={s.fieldError}>{p.errors?.join(" ")}</FieldError>
    </AriaTextField>
  );
}

export function Checkbox(
  p: {
    name: string;
    children: ReactNode;
    isSelected: boolean;
    onChange: (v: boolean) => void;
    errors?: string[];
  },
) {
  return (
    <div className={s.field}>
      <AriaCheckbox
        name={p.name}
        isSelected={p.isSelected}
        onChange={p.onChange}
        isInvalid={!!p.errors?.length}
        className={s.checkbox}
      >
        <span className={s.box} aria-hidden="true">{p.isSelected ? "✓" : ""}</span>
        {p.children}
      </AriaCheckbox>
      {p.errors?.length ? <span className={s.fieldError}>{p.errors.join(" ")}</span> : null}
    </div>
  );
}

export function Switch(p: { children: ReactNode; isSelected: boolean; onChange: (v: boolean) => void }) {
  return (
    <AriaSwitch isSelected={p.isSelected} onChange={p.onChange} className={s.switchRoot}>
      <span className={s.track} aria-hidden="true">
        <span className={s.thumb} />
      </span>
      {p.children}
    </AriaSwitch>
  );
}

export function Select<K extends string>(
  p: { label: string; value: K; options: Array<{ id: K; label: string }>; onChange: (v: K) => void },
) {
  return (
    <AriaSelect selectedKey={p.value} onSelectionChange={(k) => p.onChange(k as K)} className={s.select}>
      <Label className={s.label}>{p.label}</Label>
      <AriaButton className={s.quietButton}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
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
