// A button with a menu of check items (the list's column chooser): arrow keys move, Space or Enter
// toggles, Escape closes; and a menu of headed groups of choices (the user's settings).
import type { ReactNode } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { Header, Menu, MenuItem, MenuSection, MenuTrigger } from "react-aria-components/Menu";
import { Popover } from "react-aria-components/Popover";
import * as s from "./ui.css.ts";

export function CheckMenu(p: {
  label: string;
  items: Array<{ id: string; label: string }>;
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}) {
  return (
    <MenuTrigger>
      <AriaButton className={s.selectButton}>
        {p.label}
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className={s.popover} placement="bottom end">
        <Menu
          aria-label={p.label}
          selectionMode="multiple"
          selectedKeys={p.selected}
          shouldCloseOnSelect={false}
          onSelectionChange={(keys) => {
            if (keys !== "all") p.onChange(new Set([...keys].map(String)));
          }}
          className={s.menu}
        >
          {p.items.map((item) => (
            <MenuItem key={item.id} id={item.id} textValue={item.label} className={s.menuItem}>
              {({ isSelected }) => (
                <>
                  <span className={s.menuCheck} aria-hidden="true">{isSelected ? "✓" : ""}</span>
                  {item.label}
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** A group of a SectionMenu: a heading and its items, chosen one at a time, several, or pressed. */
export interface MenuGroup {
  id: string;
  title: string;
  /** "single": one of them is chosen (radio items); "multiple": each on or off; "none": actions. */
  selection: "single" | "multiple" | "none";
  items: Array<{ id: string; label: string; lang?: string }>;
  selected?: readonly string[];
  /** The chosen items after a press (single and multiple). */
  onChange?: (selected: Set<string>) => void;
  /** An item pressed (selection "none"). */
  onAction?: (id: string) => void;
}

/**
 * A button that opens a menu of headed groups (the user's settings): arrow keys move through all of them,
 * Space or Enter chooses, Escape closes and gives the focus back to the button. A choice keeps the menu
 * open, so several settings are made at once and each is seen to take; an action (sign out) closes it.
 */
export function SectionMenu(p: {
  /** What the button shows, which names it. */
  trigger: ReactNode;
  /** The menu's accessible name. */
  label: string;
  groups: MenuGroup[];
  className?: string;
  /** For tests and the screen's own code to find the button by (the user menu). */
  marker?: string;
}) {
  return (
    <MenuTrigger>
      <AriaButton className={p.className ?? s.selectButton} data-menu-button={p.marker}>
        {p.trigger}
      </AriaButton>
      <Popover className={s.popover} placement="bottom end">
        <Menu aria-label={p.label} className={s.sectionMenu} data-menu={p.marker}>
          {p.groups.map((g) => (
            <MenuSection
              key={g.id}
              id={g.id}
              className={s.menuSection}
              selectionMode={g.selection === "none" ? undefined : g.selection}
              disallowEmptySelection={g.selection === "single"}
              selectedKeys={g.selected ? new Set(g.selected) : undefined}
              onSelectionChange={(keys) => {
                if (keys !== "all") g.onChange?.(new Set([...keys].map(String)));
              }}
            >
              <Header className={s.menuHeader}>{g.title}</Header>
              {g.items.map((item) => (
                <MenuItem
                  key={item.id}
                  id={item.id}
                  textValue={item.label}
                  lang={item.lang}
                  className={s.sectionMenuItem}
                  shouldCloseOnSelect={g.selection === "none"}
                  onAction={g.selection === "none" ? () => g.onAction?.(item.id) : undefined}
                >
                  {({ isSelected }) => (
                    <>
                      {g.selection === "none"
                        ? null
                        : <span className={s.menuCheck} aria-hidden="true">{isSelected ? "✓" : ""}</span>}
                      {item.label}
                    </>
                  )}
                </MenuItem>
              ))}
            </MenuSection>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
