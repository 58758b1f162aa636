// The location tree: the roots first, each location's children read when it is first expanded
// (GET /StorageSpace/{id}/children, 100 at a time, "show more" for the rest). react-aria's Tree gives the
// keyboard: arrows move, Right and Left expand and collapse, Enter (or a click) opens the location.
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { type Key, Tree, TreeItem, TreeItemContent } from "react-aria-components/Tree";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import type { PlainKey } from "../list/meta.ts";
import { Notice } from "../../ui/controls.tsx";
import * as css from "./locations.css.ts";

const CHILD_PAGE = 100;
/** The list calls' largest page. */
const MAX_PAGE = 1000;
/** The id the children call takes for the roots. */
const ROOTS = 0;

/** The flags a tree row shows, as their field labels. */
const FLAGS = [
  "cooled",
  "outside",
  "protected",
  "defaultLocation",
  "lockedIn",
  "lockedOut",
  "zoneReceipt",
  "zoneRelease",
  "zonePicking",
] as const;

type Node = {
  id: number;
  label: string;
  typeCode: string | null;
  childCount: number;
} & Record<(typeof FLAGS)[number], boolean>;

interface Children {
  items: Node[];
  total: number;
}

function childrenPath(parent: number, page: number, size: number): string {
  return `/StorageSpace/${parent}/children?PageNumber=${page}&PageSize=${size}`;
}

export function LocationTree(p: {
  label: string;
  /** Opens a location's dialog. */
  onOpen: (id: number) => void;
  /** A new value re-reads what the tree shows (after the generator created locations). */
  reloadKey: number;
}) {
  const t = useT();
  const [children, setChildren] = useState<Map<number, Children>>(new Map());
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());
  const [error, setError] = useState<unknown>(null);
  const shown = useRef(children);
  shown.current = children;

  /** Reads the next page of a location's children (the first when none are loaded). */
  const loadMore = useCallback(async (parent: number) => {
    const have = shown.current.get(parent)?.items.length ?? 0;
    try {
      const r = await api<{ results: Node[]; allFilteredRowCount: number }>(
        "GET",
        childrenPath(parent, Math.floor(have / CHILD_PAGE) + 1, CHILD_PAGE),
      );
      setChildren((old) => {
        const next = new Map(old);
        const items = have ? [...(old.get(parent)?.items ?? []).slice(0, have), ...r.results] : r.results;
        next.set(parent, { items, total: r.allFilteredRowCount });
        return next;
      });
    } catch (err) {
      setError(err);
    }
  }, []);

  /** Re-reads every level already loaded, as many rows as it shows now (at least a page). */
  const reload = useCallback(async () => {
    const loaded = [...shown.current].map(([parent, c]) => [parent, c.items.length] as const);
    if (!loaded.length) return void loadMore(ROOTS);
    // A level that cannot be read any more (its location was deleted) is dropped.
    const levels = await Promise.all(
      loaded.map(([parent, count]) =>
        api<{ results: Node[]; allFilteredRowCount: number }>(
          "GET",
          childrenPath(parent, 1, Math.min(MAX_PAGE, Math.max(CHILD_PAGE, count))),
        ).then((r) => [parent, { items: r.results, total: r.allFilteredRowCount }] as const, () => null)
      ),
    );
    setChildren(new Map(levels.filter((x) => x !== null)));
    setError(null);
  }, [loadMore]);

  useEffect(() => {
    void (p.reloadKey === 0 ? loadMore(ROOTS) : reload());
  }, [p.reloadKey]);

  // Changes by others (and by the dialogs) arrive as real-time events, many at once after a generator run.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useResourceEvents("StorageSpace", () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void reload(), 300);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  function onExpandedChange(keys: Set<Key>) {
    for (const key of keys) {
      if (typeof key === "number" && !expanded.has(key) && !children.has(key)) void loadMore(key);
    }
    setExpanded(keys);
  }

  /** The rows under `parent`. A location with children always has some (a "loading" row until they are
   * read): react-aria's Tree makes a row expandable, for the keyboard too, only when it has child rows. */
  function level(parent: number): ReactNode[] {
    const c = children.get(parent);
    if (!c) {
      return [
        <TreeItem
          key={`loading-${parent}`}
          id={`loading-${parent}`}
          textValue={t.t("common.loading")}
          isDisabled
        >
          <TreeItemContent>
            <div className={css.row}>
              <span className={css.spacer} />
              <span className={css.muted}>{t.t("common.loading")}</span>
            </div>
          </TreeItemContent>
        </TreeItem>,
      ];
    }
    const rows = c.items.map((n) => (
      <TreeItem
        key={n.id}
        id={n.id}
        textValue={n.label}
        hasChildItems={n.childCount > 0}
        className={css.item}
        onAction={() => p.onOpen(n.id)}
      >
        <TreeItemContent>
          {({ hasChildItems }) => (
            <div className={css.row}>
              {hasChildItems
                ? (
                  <AriaButton slot="chevron" className={css.chevron}>
                    <span aria-hidden="true">▸</span>
                  </AriaButton>
                )
                : <span className={css.spacer} />}
              <span className={css.label}>{n.label}</span>
              {n.typeCode ? <span className={css.muted}>{n.typeCode}</span> : null}
              <span className={css.badges}>
                {FLAGS.filter((f) => n[f]).map((f) => (
                  <span key={f} className={css.badge}>{t.t(`field.storageSpace.${f}` as PlainKey)}</span>
                ))}
              </span>
              <span className={css.count}>
                {n.childCount ? t.plural("locations.childCount", n.childCount) : null}
              </span>
            </div>
          )}
        </TreeItemContent>
        {n.childCount > 0 ? level(n.id) : null}
      </TreeItem>
    ));
    if (c.items.length < c.total) {
      const text = t.t("locations.showMore", { shown: c.items.length, total: c.total });
      rows.push(
        <TreeItem
          key={`more-${parent}`}
          id={`more-${parent}`}
          textValue={text}
          className={css.item}
          onAction={() => void loadMore(parent)}
        >
          <TreeItemContent>
            <div className={css.row}>
              <span className={css.spacer} />
              <span>{text}</span>
            </div>
          </TreeItemContent>
        </TreeItem>,
      );
    }
    return rows;
  }

  return (
    <>
      {error ? <Notice kind="error">{errorMessage(t, error)}</Notice> : null}
      <Tree
        aria-label={p.label}
        className={css.tree}
        expandedKeys={expanded}
        onExpandedChange={onExpandedChange}
        renderEmptyState={() => (
          <div className={css.empty}>
            {children.has(ROOTS) ? t.t("locations.treeEmpty") : t.t("common.loading")}
          </div>
        )}
        data-testid="location-tree"
      >
        {children.has(ROOTS) ? level(ROOTS) : []}
      </Tree>
    </>
  );
}
