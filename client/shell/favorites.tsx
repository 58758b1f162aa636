// Favorites: the user's own menu shortcuts (FavoriteAction on the server). Holding a menu item for 2 s
// (mouse, pen or touch), or Shift+F10 / the context-menu key on it, opens the favorite editor prefilled
// with that item; holding a favorite opens it for editing or deleting. A short press still navigates.
import {
  type CSSProperties,
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { atom, useAtom, useAtomValue, useSetAtom } from "jotai";
import { Label } from "react-aria-components/Label";
import { Radio, RadioGroup } from "react-aria-components/RadioGroup";
import type { FavoriteAction } from "../../shared/favorites.ts";
import { api, ApiError } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import type { MessageKey, Translator } from "../../shared/i18n/mod.ts";
import { authAtom, pathAtom, pushToast, store } from "../state.ts";
import { Button, Notice, TextField } from "../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../ui/modal.tsx";
import { navigate } from "./navigation.ts";
import { matchPath } from "./routes.ts";
import * as css from "./shell.css.ts";

/** How long a press must last to open the editor (spec: at least 2 seconds). */
export const HOLD_MS = 2000;
/** A finger that moves further than this is scrolling the menu, not holding an item. */
const MOVE_TOLERANCE_PX = 10;

/** The signed-in user's favorites, tagged with whose they are (another sign-in loads its own). */
export const favoritesAtom = atom<{ userId: number; items: FavoriteAction[] } | null>(null);

export interface FavoriteDraft {
  /** Set when an existing favorite is edited. */
  id?: number;
  version?: number;
  title: string;
  link: string;
  parameters: Record<string, string>;
  colour: string | null;
  description: string | null;
}

/** The favorite open in the editor, if any. */
export const favoriteEditorAtom = atom<FavoriteDraft | null>(null);

export function openFavoriteEditor(draft: FavoriteDraft): void {
  store.set(favoriteEditorAtom, draft);
}

function draftOf(f: FavoriteAction): FavoriteDraft {
  return {
    id: f.id,
    version: f.version,
    title: f.title,
    link: f.link,
    parameters: f.parameters,
    colour: f.colour,
    description: f.description,
  };
}

/** The address a favorite opens: its link with its parameters as the query. */
export function favoriteHref(f: Pick<FavoriteAction, "link" | "parameters">): string {
  const query = new URLSearchParams(f.parameters).toString();
  return query ? `${f.link}?${query}` : f.link;
}

function sortFavorites(items: FavoriteAction[], lang: string): FavoriteAction[] {
  const collator = new Intl.Collator(lang, { sensitivity: "base", numeric: true });
  return [...items].sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id);
}

function useFavorites(): FavoriteAction[] {
  const t = useT();
  const auth = useAtomValue(authAtom);
  const [state, setState] = useAtom(favoritesAtom);
  const userId = auth?.user.id ?? null;
  const load = useCallback(() => {
    if (userId === null) return;
    api<{ results: FavoriteAction[] }>("GET", "/FavoriteAction?PageSize=1000&sortColumn=title")
      .then((page) => setState({ userId, items: sortFavorites(page.results, t.lang) }))
      .catch((err) => {
        // No response at all already shows the top warning.
        if (!(err instanceof ApiError && err.code === "network")) pushToast("error", errorMessage(t, err));
      });
  }, [userId, setState, t]);
  useEffect(() => {
    if (userId !== null && state?.userId !== userId) load();
  }, [userId, state?.userId, load]);
  // Another tab or device of the same user changed a favorite.
  useResourceEvents("FavoriteAction", load);
  return userId !== null && state?.userId === userId ? state.items : [];
}

/**
 * A menu link that navigates on a short press and calls `onHold` when held for HOLD_MS, or when
 * Shift+F10 or the context-menu key is pressed on it.
 */
export function HoldableLink(p: {
  to: string;
  onHold: () => void;
  hint: string;
  current?: boolean;
  className: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef({ x: 0, y: 0 });
  const fired = useRef(false);
  const keyboardAt = useRef(0);
  const [holding, setHolding] = useState(false);
  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    setHolding(false);
  };
  useEffect(() => cancel, []);
  return (
    <a
      href={p.to}
      className={p.className}
      style={p.style}
      aria-current={p.current ? "page" : undefined}
      aria-keyshortcuts="Shift+F10"
      title={p.hint}
      draggable={false}
      data-holding={holding || undefined}
      onPointerDown={(e) => {
        fired.current = false;
        if (e.pointerType === "mouse" && e.button !== 0) return;
        start.current = { x: e.clientX, y: e.clientY };
        cancel();
        setHolding(true);
        timer.current = setTimeout(() => {
          timer.current = null;
          fired.current = true;
          setHolding(false);
          p.onHold();
        }, HOLD_MS);
      }}
      onPointerMove={(e) => {
        if (timer.current === null) return;
        if (Math.hypot(e.clientX - start.current.x, e.clientY - start.current.y) > MOVE_TOLERANCE_PX) {
          cancel();
        }
      }}
      onPointerUp={cancel}
      onPointerCancel={cancel}
      onPointerLeave={cancel}
      onContextMenu={(e) => {
        // A touch long press raises the browser's own menu first; keyboard requests were handled below.
        if (timer.current !== null || fired.current || Date.now() - keyboardAt.current < 1000) {
          e
            .preventDefault();
        }
      }}
      onKeyDown={(e) => {
        if ((e.key === "F10" && e.shiftKey) || e.key === "ContextMenu") {
          e.preventDefault();
          keyboardAt.current = Date.now();
          p.onHold();
        }
      }}
      onClick={(e) => {
        if (fired.current) {
          // The press that opened the editor is not also a navigation.
          e.preventDefault();
          fired.current = false;
          return;
        }
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(p.to);
      }}
    >
      {p.children}
    </a>
  );
}

type RouteKey = Extract<MessageKey, `route.${string}`>;
type TextKey = Exclude<MessageKey, `${string}#${string}`>;

/** The title a favorite of the current page gets: the screen's name, else the path itself. */
function currentPageDraft(fullPath: string, t: Translator): FavoriteDraft {
  const [pathname, query = ""] = fullPath.split("#")[0].split("?");
  const link = "/" + pathname.replace(/^\/+/, "").replace(/\/+$/, "");
  const match = matchPath(link);
  const name = match?.route.name;
  const title = name === "" ? t.t("shell.home") : name ? t.t(`route.${name}` as RouteKey) : link;
  return {
    title,
    link,
    parameters: Object.fromEntries(new URLSearchParams(query)),
    colour: null,
    description: null,
  };
}

/** The Favorites part of the menu: the user's favorites, or a hint how to add one. */
export function FavoritesSection(p: { withHeading: boolean }) {
  const t = useT();
  const favorites = useFavorites();
  const path = useAtomValue(pathAtom);
  const list = (
    <>
      {favorites.map((f) => (
        <HoldableLink
          key={f.id}
          to={favoriteHref(f)}
          className={css.menuLink}
          hint={f.description ? `${f.description} · ${t.t("favorites.holdFavoriteHint")}` : t.t(
            "favorites.holdFavoriteHint",
          )}
          onHold={() => openFavoriteEditor(draftOf(f))}
        >
          <span
            aria-hidden="true"
            className={f.colour ? css.favoriteDot : css.favoriteDotEmpty}
            style={f.colour ? { background: f.colour } : undefined}
          />
          {f.title}
        </HoldableLink>
      ))}
      {favorites.length === 0 ? <p className={css.menuHint}>{t.t("favorites.empty")}</p> : null}
      <Button quiet onPress={() => openFavoriteEditor(currentPageDraft(path, t))}>
        {t.t("favorites.addCurrent")}
      </Button>
    </>
  );
  return p.withHeading
    ? (
      <div data-section="favorites">
        <h2 className={css.sectionTitle}>{t.t("menu.favorites")}</h2>
        {list}
      </div>
    )
    : (
      <div data-section="favorites" role="group" aria-label={t.t("menu.favorites")} className={css.flatGroup}>
        {list}
      </div>
    );
}

const palette: Array<{ value: string; label: TextKey }> = [
  { value: "#1e88e5", label: "favorites.colour.blue" },
  { value: "#00897b", label: "favorites.colour.teal" },
  { value: "#43a047", label: "favorites.colour.green" },
  { value: "#ffb300", label: "favorites.colour.amber" },
  { value: "#f4511e", label: "favorites.colour.orange" },
  { value: "#e53935", label: "favorites.colour.red" },
  { value: "#8e24aa", label: "favorites.colour.purple" },
  { value: "#757575", label: "favorites.colour.grey" },
];

const NONE = "none";

function ColourChoice(p: { value: string | null; onChange: (v: string | null) => void }) {
  const t = useT();
  const options = palette.map((c) => ({ value: c.value, label: t.t(c.label) }));
  // A colour set elsewhere (through the API) stays choosable.
  if (p.value && !options.some((o) => o.value === p.value)) options.push({ value: p.value, label: p.value });
  return (
    <RadioGroup
      value={p.value ?? NONE}
      onChange={(v) => p.onChange(v === NONE ? null : v)}
      orientation="horizontal"
      className={css.colourGroup}
    >
      <Label className={css.fieldLabel}>{t.t("favorites.field.colour")}</Label>
      <div className={css.swatches}>
        <Radio value={NONE} aria-label={t.t("favorites.colour.none")} className={css.swatchRadio}>
          <span className={css.swatchNone} />
        </Radio>
        {options.map((o) => (
          <Radio key={o.value} value={o.value} aria-label={o.label} className={css.swatchRadio}>
            <span className={css.swatch} style={{ background: o.value }} />
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

function translatedFields(
  t: Translator,
  fields: Record<string, string[]>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, codes] of Object.entries(fields)) {
    // "parameters.page" belongs to the parameters field.
    const field = key.split(".")[0];
    const texts = codes.map((c) => t.has(c) ? t.t(c as TextKey) : t.t("validation.invalidValue"));
    out[field] = [...new Set([...(out[field] ?? []), ...texts])];
  }
  return out;
}

function FavoriteForm(p: { draft: FavoriteDraft; onDone: () => void }) {
  const t = useT();
  const setFavorites = useSetAtom(favoritesAtom);
  const auth = useAtomValue(authAtom);
  const [title, setTitle] = useState(p.draft.title);
  const [link, setLink] = useState(p.draft.link);
  const [parameters, setParameters] = useState(new URLSearchParams(p.draft.parameters).toString());
  const [colour, setColour] = useState(p.draft.colour);
  const [description, setDescription] = useState(p.draft.description ?? "");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = p.draft.id !== undefined;

  const update = (fn: (items: FavoriteAction[]) => FavoriteAction[]) =>
    setFavorites((s) =>
      s && s.userId === auth?.user.id ? { ...s, items: sortFavorites(fn(s.items), t.lang) } : s
    );

  const fail = (err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.fields ?? {}).length) {
      setFieldErrors(translatedFields(t, err.fields));
      setFormError(t.t("error.formHasErrors"));
    } else {
      setFieldErrors({});
      setFormError(errorMessage(t, err));
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const body = {
      title,
      link,
      parameters: Object.fromEntries(new URLSearchParams(parameters.trim().replace(/^\?/, ""))),
      colour,
      description,
    };
    try {
      const saved = editing
        ? await api<FavoriteAction>("PUT", "/FavoriteAction", {
          ...body,
          id: p.draft.id,
          version: p.draft.version,
        })
        : await api<FavoriteAction>("POST", "/FavoriteAction", body);
      update((items) => [...items.filter((f) => f.id !== saved.id), saved]);
      pushToast("info", t.t("favorites.saved"));
      p.onDone();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (busy || p.draft.id === undefined) return;
    setBusy(true);
    try {
      await api("DELETE", `/FavoriteAction/${p.draft.id}`);
      update((items) => items.filter((f) => f.id !== p.draft.id));
      pushToast("info", t.t("favorites.deleted"));
      p.onDone();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label={t.t(editing ? "favorites.editTitle" : "favorites.addTitle")}>
      {formError ? <Notice kind="error">{formError}</Notice> : null}
      <TextField
        name="title"
        label={t.t("favorites.field.title")}
        value={title}
        onChange={setTitle}
        isRequired
        errors={fieldErrors.title}
      />
      <TextField
        name="link"
        label={t.t("favorites.field.link")}
        value={link}
        onChange={setLink}
        isRequired
        errors={fieldErrors.link}
      />
      <TextField
        name="parameters"
        label={t.t("favorites.field.parameters")}
        value={parameters}
        onChange={setParameters}
        errors={fieldErrors.parameters}
      />
      <ColourChoice value={colour} onChange={setColour} />
      {fieldErrors.colour ? <p className={css.fieldErrorText}>{fieldErrors.colour.join(" ")}</p> : null}
      <TextField
        name="description"
        label={t.t("favorites.field.description")}
        value={description}
        onChange={setDescription}
        errors={fieldErrors.description}
      />
      <DialogFooter>
        {editing ? <Button quiet isDisabled={busy} onPress={remove}>{t.t("favorites.delete")}</Button> : null}
        <span className={css.spacer} />
        <Button quiet onPress={p.onDone}>{t.t("common.cancel")}</Button>
        <Button type="submit" isDisabled={busy}>{t.t("common.save")}</Button>
      </DialogFooter>
    </form>
  );
}

/** The favorite editor: one dialog for the whole layout, opened through `openFavoriteEditor`. */
export function FavoriteEditor() {
  const t = useT();
  const [draft, setDraft] = useAtom(favoriteEditorAtom);
  const close = () => setDraft(null);
  return (
    <ModalDialog
      title={t.t(draft?.id !== undefined ? "favorites.editTitle" : "favorites.addTitle")}
      isOpen={draft !== null}
      onOpenChange={(open) => !open && close()}
    >
      {/* Unmounted while closed: each opening starts a fresh form from its draft. */}
      {draft ? <FavoriteForm draft={draft} onDone={close} /> : null}
    </ModalDialog>
  );
}
