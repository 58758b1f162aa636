// Values shown as tags, each with a button that removes it (Delete or Backspace on a focused tag too).
import { Button as AriaButton } from "react-aria-components/Button";
import { Label } from "react-aria-components/Label";
import { Tag, TagGroup, TagList } from "react-aria-components/TagGroup";
import * as s from "./ui.css.ts";

export function RemovableTags(p: {
  label: string;
  items: Array<{ id: string | number; text: string }>;
  onRemove: (id: string | number) => void;
  removeLabel: (text: string) => string;
  emptyText: string;
}) {
  return (
    <TagGroup
      className={s.field}
      onRemove={(keys) => {
        for (const k of keys) p.onRemove(k);
      }}
    >
      <Label className={s.label}>{p.label}</Label>
      <TagList
        items={p.items}
        className={s.tagList}
        renderEmptyState={() => <span className={s.description}>{p.emptyText}</span>}
      >
        {(item) => (
          <Tag id={item.id} textValue={item.text} className={s.tag}>
            {item.text}
            <AriaButton slot="remove" aria-label={p.removeLabel(item.text)} className={s.tagRemove}>
              <span aria-hidden="true">✕</span>
            </AriaButton>
          </Tag>
        )}
      </TagList>
    </TagGroup>
  );
}
