// A button with a menu of check items (the list's column chooser): arrow keys move, Space or Enter
// toggles, Escape closes.
import { Button as AriaButton } from "react-aria-components/Button";
import { Menu, MenuItem, MenuTrigger } from "react-aria-components/Menu";
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
