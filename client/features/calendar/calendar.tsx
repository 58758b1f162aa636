// The calendar (issue 17), an island of its own: month, day, agenda-day and resource-planner views of the
// documents' and orders' dates and the calendar's own events (GET Calendar/entries). An entry is dragged to
// another day, time or row, or moved with Alt and the arrow keys; the move is saved at once with the version
// check (POST Calendar/reschedule) and a refused one (409: changed by someone else meanwhile, a confirmed
// document) snaps back with the reason. A click opens the record's dialog. Weeks start and times read as the
// interface language has them, in the browser's time zone. Each user can subscribe to an ICS feed.
import {
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useAtomValue } from "jotai";
import { getLocalTimeZone } from "@internationalized/date";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { navigate } from "../../shell/navigation.ts";
import { Link } from "../../shell/link.tsx";
import { startupAtom } from "../../state.ts";
import { Button, Notice, TextField } from "../../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import type { PlainKey, ResourceMeta } from "../list/meta.ts";
import { RecordDialog } from "../dialogs/record_dialog.tsx";
import { metaOfResource } from "../../screens/resources.ts";
import * as shell from "../../shell/shell.css.ts";
import * as css from "./calendar.css.ts";
import * as ui from "../../ui/ui.css.ts";
import {
  addDays,
  addMonths,
  dayOf,
  daysOf,
  dropStart,
  type Entry,
  entryWords,
  lanes,
  layoutDay,
  minuteOfDay,
  minutesInDay,
  monthGrid,
  movedTo,
  rangeOf,
  rowOf,
  stepStart,
  today,
  type View,
} from "./model.ts";

/** Pixels a minute takes in the day view (an hour is 48 px) and in the resource planner (an hour 96 px). */
const DAY_PX = 0.8;
const ROW_PX = 1.6;
/** The most entries a month cell lists before "+N more". */
const CELL_MAX = 3;

export const routeOfView: Record<View, string> = {
  month: "warehouse-calendar-month",
  day: "warehouse-calendar-day",
  agenda: "warehouse-calendar-agenda-day",
  resources: "warehouse-calendar-resources",
};

interface Rows {
  users: Array<{ id: number; name: string }>;
  docks: Array<{ id: number; name: string; receipt: boolean; release: boolean }>;
}

/** What a drag carries: the entry and where in it the pointer took hold (minutes from its start). */
let dragged: { key: string; grabMinutes: number } | null = null;

function dayFromUrl(tz: string): string {
  if (typeof location === "undefined") return today(tz);
  const d = new URLSearchParams(location.search).get("date");
  return d && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)) ? d : today(tz);
}

/**
 * An entry's time of day alone, the instant format's hh:mm: the day is the grid's cell or column it stands in
 * (a whole date and time on every chip would crowd the grid).
 */
function timeOf(t: Translator, at: string): string {
  return new Intl.DateTimeFormat(t.lang, { hour: "2-digit", minute: "2-digit", timeZone: t.timeZone })
    .format(new Date(at));
}

/**
 * A heading of the grid (a month's name, a weekday, a day spoken in words): names, not the one date format,
 * which is for dates written as numbers. A calendar day is named at UTC noon, in UTC, so no zone moves it.
 */
function dayName(t: Translator, day: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(t.lang, { ...options, timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** What a screen reader hears beyond what an entry shows: its end and whether it can move. */
function entryDetails(t: Translator, e: Entry): string {
  const until = e.allDay ? t.t("calendar.allDay") : `–${timeOf(t, e.finish)}`;
  return [until, e.movable ? t.t("calendar.moveHint") : ""].filter(Boolean).join(", ");
}

export function CalendarScreen(p: { view: View }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const tz = useMemo(() => getLocalTimeZone(), []);
  const [day, setDay] = useState(() => dayFromUrl(tz));
  const [entries, setEntries] = useState<Entry[]>([]);
  const [truncated, setTruncated] = useState(false);
  const [rows, setRows] = useState<Rows | null>(null);
  /** Why a move or another action was refused: it stays until the next one succeeds or the range changes. */
  const [error, setError] = useState<string | null>(null);
  /** Why the range could not be read (cleared by the next read). */
  const [loadError, setLoadError] = useState<string | null>(null);
  const [said, setSaid] = useState("");
  const [eventDialog, setEventDialog] = useState<
    { id: number | null; initial?: Record<string, unknown> } | null
  >(
    null,
  );
  const [eventMeta, setEventMeta] = useState<ResourceMeta | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const isAdmin = !!startup?.user.isSuperUser;
  const mayPlan = !!(startup?.user.isSuperUser || startup?.user.logisticsEnabled);

  const range = useMemo(() => rangeOf(p.view, day, t.lang, tz), [p.view, day, t.lang, tz]);
  const load = useCallback(() => {
    const mine = ++generation.current;
    api<{ entries: Entry[]; truncated: boolean }>(
      "GET",
      `/Calendar/entries?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
    ).then((r) => {
      if (mine !== generation.current) return;
      setEntries(r.entries);
      setTruncated(r.truncated);
      setLoadError(null);
      setLoading(false);
    }, (err) => {
      if (mine !== generation.current) return;
      setLoadError(errorMessage(t, err));
      setLoading(false);
    });
  }, [range, t]);
  useEffect(load, [load]);
  // Another period: an earlier refusal is no longer about what is shown.
  useEffect(() => setError(null), [range]);
  useEffect(() => {
    if (p.view !== "resources" || rows) return;
    api<Rows>("GET", "/Calendar/rows").then(setRows, (err) => setError(errorMessage(t, err)));
  }, [p.view, rows, t]);
  // Someone else's change shows at once.
  useResourceEvents("WmsDocument", load);
  useResourceEvents("WmsOrder", load);
  useResourceEvents("Calendar", load);
  useEffect(() => {
    // The day shown stays in the address: a reload or a shared link opens the same day.
    const url = new URL(location.href);
    if (url.searchParams.get("date") !== day) {
      url.searchParams.set("date", day);
      history.replaceState(history.state, "", url);
    }
  }, [day]);

  /** Saves a move; the entry shows at its new place at once and goes back if the server refuses. */
  const move = useCallback(
    async (e: Entry, start: string, row?: { userId?: number; locationId?: number }) => {
      if (!e.movable) {
        setSaid(t.t("calendar.notMovable"));
        return;
      }
      const before = entries;
      const shown = movedTo(e, start);
      const next = {
        ...shown,
        userId: row?.userId ?? shown.userId,
        // An event moves to the user's row; a document or order at a dock stays there (its user changes).
        locationId: row?.locationId ?? (row?.userId && e.kind === "event" ? null : shown.locationId),
      };
      setEntries((list) => list.map((x) => (x.key === e.key ? next : x)));
      try {
        await api("POST", "/Calendar/reschedule", {
          kind: e.kind,
          id: e.id,
          field: e.field,
          version: e.version,
          start,
          userId: row?.userId,
          locationId: row?.locationId,
        });
        setSaid(t.t("calendar.moved", {
          title: e.title,
          when: e.allDay || start.length === 10 ? t.day(next.start.slice(0, 10)) : t.instant(next.start),
        }));
        setError(null);
        load();
      } catch (err) {
        setEntries(before);
        setError(errorMessage(t, err));
        setSaid(t.t("calendar.moveRefused"));
        load();
      }
    },
    [entries, load, t],
  );

  const open = useCallback((e: Entry) => {
    if (e.kind === "document") navigate(`/warehouse-documents/${e.id}`);
    else if (e.kind === "order") navigate(`/warehouse-orders/${e.id}`);
    else if (e.kind === "shipment") navigate(`/direct-transport-offer/${e.id}`);
    else openEvent(e.id);
  }, []);
  const openEvent = (id: number | null, initial?: Record<string, unknown>) => {
    metaOfResource.Calendar().then((m) => {
      setEventMeta(m);
      setEventDialog({ id, initial });
    }, (err) => setError(errorMessage(t, err)));
  };

  const step = (n: number) => {
    setDay((d) => (p.view === "month" ? addMonths(d, n) : addDays(d, n)));
  };
  const title = p.view === "month"
    ? dayName(t, `${day.slice(0, 7)}-15`, { month: "long", year: "numeric" })
    : dayName(t, day, { weekday: "long", day: "numeric", month: "long", year: "numeric" });

  const chip: Chip = (e, opts) => (
    <EntryChip
      key={e.key}
      entry={e}
      t={t}
      style={opts.style}
      withTime={opts.withTime ?? true}
      onOpen={() => open(e)}
      onStep={(n, unit) => move(e, stepStart(e, n, unit ?? opts.unit, tz))}
      onRowStep={opts.onRowStep}
    />
  );

  let body: ReactNode;
  if (p.view === "month") {
    body = (
      <MonthView
        t={t}
        day={day}
        entries={entries}
        tz={tz}
        chip={chip}
        // A timed entry keeps its time of day where the user is: sent as an instant, not a bare day.
        onDrop={(e, d) => move(e, e.allDay ? d : dropStart(e, d, minuteOfDay(e.start, dayOf(e, tz), tz), tz))}
        onOpenDay={(d) => {
          setDay(d);
          navigate(`/${routeOfView.day}?date=${d}`);
        }}
      />
    );
  } else if (p.view === "day") {
    body = (
      <DayView
        t={t}
        day={day}
        entries={entries}
        tz={tz}
        chip={chip}
        onDrop={(e, minute) => move(e, dropStart(e, day, minute, tz))}
        onAdd={mayPlan
          ? (minute) => openEvent(null, { startDate: dropStart({ allDay: false } as Entry, day, minute, tz) })
          : undefined}
      />
    );
  } else if (p.view === "agenda") {
    body = <AgendaView t={t} day={day} entries={entries} tz={tz} chip={chip} />;
  } else {
    body = (
      <ResourceView
        t={t}
        day={day}
        entries={entries}
        rows={rows}
        tz={tz}
        chip={chip}
        onDrop={(e, row, minute) => {
          const [kind, id] = row.split(":");
          move(
            e,
            dropStart(e, day, minute, tz),
            kind === "user"
              ? { userId: Number(id) }
              : kind === "dock"
              ? { locationId: Number(id) }
              : undefined,
          );
        }}
      />
    );
  }

  return (
    <section className={css.screen} aria-busy={loading}>
      <h1 className={shell.title}>{t.t(`route.${routeOfView[p.view]}` as PlainKey)}</h1>
      <nav className={css.views} aria-label={t.t("calendar.views")}>
        {(Object.keys(routeOfView) as View[]).map((v) => (
          <Link key={v} to={`/${routeOfView[v]}?date=${day}`} current={v === p.view} className={css.viewLink}>
            {t.t(`calendar.view.${v}` as PlainKey)}
          </Link>
        ))}
      </nav>
      <div className={css.toolbar}>
        <Button
          onPress={() => step(-1)}
          aria-label={t.t(p.view === "month" ? "calendar.previousMonth" : "calendar.previousDay")}
        >
          ‹
        </Button>
        <Button onPress={() => setDay(today(tz))}>{t.t("calendar.today")}</Button>
        <Button
          onPress={() => step(1)}
          aria-label={t.t(p.view === "month" ? "calendar.nextMonth" : "calendar.nextDay")}
        >
          ›
        </Button>
        <h2 className={css.period} aria-live="polite">{title}</h2>
        <span className={css.spacer} />
        {mayPlan
          ? (
            <Button
              onPress={() =>
                openEvent(null, { startDate: dropStart({ allDay: false } as Entry, day, 8 * 60, tz) })}
            >
              {t.t("calendar.addEvent")}
            </Button>
          )
          : null}
        <Button quiet onPress={() => setFeedOpen(true)}>{t.t("calendar.subscribe")}</Button>
      </div>
      <p className={css.hint}>{t.t("calendar.keyboardHint")}</p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {loadError ? <Notice kind="error">{loadError}</Notice> : null}
      {truncated ? <Notice>{t.t("calendar.truncated")}</Notice> : null}
      <div role="status" className={css.live}>{said}</div>
      {body}
      <Legend t={t} />
      {eventDialog && eventMeta
        ? (
          <RecordDialog
            meta={eventMeta}
            mode={eventDialog.id === null ? "add" : mayPlan ? "edit" : "preview"}
            id={eventDialog.id}
            isAdmin={isAdmin}
            initial={eventDialog.initial}
            onClose={() => setEventDialog(null)}
            onSaved={() => {
              setEventDialog(null);
              load();
            }}
            onDeleted={() => {
              setEventDialog(null);
              load();
            }}
          />
        )
        : null}
      {feedOpen ? <FeedDialog t={t} onClose={() => setFeedOpen(false)} /> : null}
    </section>
  );
}

type Chip = (
  e: Entry,
  opts: {
    unit: "day" | "slot";
    style?: React.CSSProperties;
    onRowStep?: (n: number) => void;
    /** Its start shown in it (not where a column beside it shows the times). */
    withTime?: boolean;
  },
) => ReactNode;

/** One entry: a button that opens its record, dragged or moved with Alt and the arrows when it may move. */
function EntryChip(p: {
  entry: Entry;
  t: Translator;
  style?: React.CSSProperties;
  withTime: boolean;
  onOpen: () => void;
  onStep: (n: number, unit?: "day" | "slot") => void;
  onRowStep?: (n: number) => void;
}) {
  const e = p.entry;
  const words = entryWords(p.t, e);
  const onKeyDown = (ev: KeyboardEvent<HTMLButtonElement>) => {
    if (!ev.altKey || !e.movable) return;
    const keys: Record<string, () => void> = p.onRowStep
      ? {
        ArrowLeft: () => p.onStep(-1),
        ArrowRight: () => p.onStep(1),
        ArrowUp: () => p.onRowStep!(-1),
        ArrowDown: () => p.onRowStep!(1),
      }
      : {
        ArrowLeft: () => p.onStep(-1, "day"),
        ArrowRight: () => p.onStep(1, "day"),
        ArrowUp: () => p.onStep(-1),
        ArrowDown: () => p.onStep(1),
      };
    const fn = keys[ev.key];
    if (fn) {
      ev.preventDefault();
      fn();
    }
  };
  const onDragStart = (ev: DragEvent<HTMLButtonElement>) => {
    const rect = ev.currentTarget.getBoundingClientRect();
    const length = (Date.parse(e.finish) - Date.parse(e.start)) / 60_000;
    const vertical = ev.currentTarget.dataset.axis !== "x";
    const share = vertical
      ? (ev.clientY - rect.top) / Math.max(1, rect.height)
      : (ev.clientX - rect.left) / Math.max(1, rect.width);
    dragged = { key: e.key, grabMinutes: e.allDay ? 0 : Math.max(0, Math.min(length, share * length)) };
    ev.dataTransfer.effectAllowed = "move";
    ev.dataTransfer.setData("text/plain", e.key);
  };
  return (
    <button
      type="button"
      className={`${css.entry} ${css.kind[e.kind]} ${
        e.field ? css.field[e.field as keyof typeof css.field] ?? "" : ""
      } ${e.movable ? css.movable : ""}`}
      style={p.style}
      data-entry={e.key}
      data-axis={p.onRowStep ? "x" : "y"}
      draggable={e.movable}
      onDragStart={onDragStart}
      onDragEnd={() => (dragged = null)}
      onClick={p.onOpen}
      onKeyDown={onKeyDown}
      title={[words.lead, words.type, words.field].filter(Boolean).join(" · ")}
    >
      {/* One line cut at its end where the cell is narrow: what the entry is comes first. */}
      <span className={css.entryTitle}>
        <span className={css.lead}>{words.lead}</span>
        {[words.type, words.field].filter(Boolean).map((w) => (
          <span key={w} className={css.entryMeta}>{` · ${w}`}</span>
        ))}
        {p.withTime && !e.allDay
          ? (
            <span className={css.entryMeta}>
              {" "}
              <span className={css.time}>{timeOf(p.t, e.start)}</span>
            </span>
          )
          : null}
      </span>
      <span className={ui.visuallyHidden}>, {entryDetails(p.t, e)}</span>
    </button>
  );
}

/** The entry being dragged, from the list shown. */
function draggedEntry(entries: Entry[]): { entry: Entry; grabMinutes: number } | null {
  const d = dragged;
  const entry = d ? entries.find((e) => e.key === d.key) : undefined;
  return entry && d ? { entry, grabMinutes: d.grabMinutes } : null;
}

const allowDrop = (ev: DragEvent) => {
  if (dragged) {
    ev.preventDefault();
    ev.dataTransfer.dropEffect = "move";
  }
};

function MonthView(p: {
  t: Translator;
  day: string;
  entries: Entry[];
  tz: string;
  chip: Chip;
  onDrop: (e: Entry, day: string) => void;
  onOpenDay: (day: string) => void;
}) {
  const grid = monthGrid(p.day, p.t.lang);
  const month = p.day.slice(0, 7);
  const byDay = new Map<string, Entry[]>();
  for (const e of p.entries) {
    for (const d of daysOf(e, p.tz)) byDay.set(d, [...(byDay.get(d) ?? []), e]);
  }
  const now = today(p.tz);
  return (
    <div className={css.month} role="grid" aria-label={p.t.t("calendar.view.month")}>
      <div role="row" className={css.weekdays}>
        {grid.slice(0, 7).map((d) => (
          <div role="columnheader" key={d} className={css.weekday}>
            {dayName(p.t, d, { weekday: "short" })}
          </div>
        ))}
      </div>
      {[0, 1, 2, 3, 4, 5].map((w) => (
        <div role="row" key={w} className={css.week}>
          {grid.slice(w * 7, w * 7 + 7).map((d) => {
            const list = byDay.get(d) ?? [];
            return (
              <div
                role="gridcell"
                key={d}
                data-day={d}
                className={`${css.cell} ${d.slice(0, 7) !== month ? css.otherMonth : ""} ${
                  d === now ? css.today : ""
                }`}
                onDragOver={allowDrop}
                onDrop={(ev) => {
                  const hit = draggedEntry(p.entries);
                  if (!hit) return;
                  ev.preventDefault();
                  dragged = null;
                  if (hit.entry.allDay ? hit.entry.start.slice(0, 10) !== d : dayOf(hit.entry, p.tz) !== d) {
                    p.onDrop(hit.entry, d);
                  }
                }}
              >
                <button
                  type="button"
                  className={css.dayNumber}
                  onClick={() => p.onOpenDay(d)}
                >
                  {Number(d.slice(8))}
                  <span className={ui.visuallyHidden}>
                    {" "}
                    {dayName(p.t, d, { dateStyle: "full" })}
                  </span>
                </button>
                {list.slice(0, CELL_MAX).map((e) => p.chip(e, { unit: "day" }))}
                {list.length > CELL_MAX
                  ? (
                    <button type="button" className={css.more} onClick={() => p.onOpenDay(d)}>
                      {p.t.t("calendar.more", { count: list.length - CELL_MAX })}
                    </button>
                  )
                  : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** The hours down the side of the day view and across the top of the planner, in the language's clock. */
function hourLabels(t: Translator, day: string, tz: string): Array<{ minute: number; label: string }> {
  const length = minutesInDay(day, tz);
  const start = Date.parse(rangeOf("day", day, t.lang, tz).from);
  const out = [];
  for (let m = 0; m < length; m += 60) {
    out.push({ minute: m, label: timeOf(t, new Date(start + m * 60_000).toISOString()) });
  }
  return out;
}

function DayView(p: {
  t: Translator;
  day: string;
  entries: Entry[];
  tz: string;
  chip: Chip;
  onDrop: (e: Entry, minute: number | null) => void;
  onAdd?: (minute: number) => void;
}) {
  const column = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const length = minutesInDay(p.day, p.tz);
  const allDay = p.entries.filter((e) => e.allDay && e.start.slice(0, 10) === p.day);
  const placed = layoutDay(p.entries, p.day, p.tz);
  useEffect(() => {
    // The working day in view: from 6 o'clock.
    if (scroller.current) scroller.current.scrollTop = 6 * 60 * DAY_PX;
  }, [p.day]);
  const minuteAt = (clientY: number, grab = 0) => {
    const rect = column.current!.getBoundingClientRect();
    return Math.max(0, Math.min(length - 15, (clientY - rect.top) / DAY_PX - grab));
  };
  return (
    <div className={css.dayView}>
      <div
        className={css.allDay}
        data-allday={p.day}
        onDragOver={allowDrop}
        onDrop={(ev) => {
          const hit = draggedEntry(p.entries);
          if (!hit) return;
          ev.preventDefault();
          dragged = null;
          if (hit.entry.allDay && hit.entry.start.slice(0, 10) !== p.day) p.onDrop(hit.entry, null);
        }}
      >
        <span className={css.allDayLabel}>{p.t.t("calendar.allDay")}</span>
        {allDay.map((e) => p.chip(e, { unit: "day" }))}
      </div>
      <div className={css.dayScroll} ref={scroller}>
        <div className={css.dayGrid} style={{ height: length * DAY_PX }}>
          <div className={css.gutter} aria-hidden="true">
            {hourLabels(p.t, p.day, p.tz).map((h) => (
              <div key={h.minute} className={css.hourLabel} style={{ top: h.minute * DAY_PX }}>{h.label}</div>
            ))}
          </div>
          <div
            ref={column}
            className={css.dayColumn}
            data-day-column={p.day}
            onDragOver={allowDrop}
            onDrop={(ev) => {
              const hit = draggedEntry(p.entries);
              if (!hit || hit.entry.allDay) return;
              ev.preventDefault();
              dragged = null;
              p.onDrop(hit.entry, minuteAt(ev.clientY, hit.grabMinutes));
            }}
            onDoubleClick={(ev) => {
              if (p.onAdd && ev.target === ev.currentTarget) p.onAdd(minuteAt(ev.clientY));
            }}
          >
            {Array.from(
              { length: Math.ceil(length / 60) },
              (_, h) => <div key={h} className={css.hourLine} style={{ top: h * 60 * DAY_PX }} />,
            )}
            {placed.map((pl) =>
              p.chip(pl.entry, {
                unit: "slot",
                style: {
                  position: "absolute",
                  top: pl.top * DAY_PX,
                  height: Math.max(pl.height * DAY_PX, 18),
                  left: `${(pl.column / pl.columns) * 100}%`,
                  width: `calc(${100 / pl.columns}% - 4px)`,
                },
              })
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

function AgendaView(p: { t: Translator; day: string; entries: Entry[]; tz: string; chip: Chip }) {
  const list = p.entries.filter((e) => daysOf(e, p.tz).includes(p.day))
    .sort((a, b) => Number(b.allDay) - Number(a.allDay) || (a.start < b.start ? -1 : 1));
  if (!list.length) return <p className={css.empty}>{p.t.t("calendar.nothing")}</p>;
  return (
    <ul className={css.agenda} aria-label={p.t.t("calendar.view.agenda")}>
      {list.map((e) => (
        <li key={e.key} className={css.agendaItem}>
          <span className={css.agendaTime}>
            {e.allDay ? p.t.t("calendar.allDay") : `${timeOf(p.t, e.start)} – ${timeOf(p.t, e.finish)}`}
          </span>
          {p.chip(e, { unit: "day", withTime: false })}
          <span className={css.agendaKind}>{e.statusCode ? statusLabel(p.t, e) : ""}</span>
        </li>
      ))}
    </ul>
  );
}

function statusLabel(t: Translator, e: Entry): string {
  const key = `option.statusCode.${e.statusCode}`;
  return t.has(key) ? t.t(key as PlainKey) : "";
}

function ResourceView(p: {
  t: Translator;
  day: string;
  entries: Entry[];
  rows: Rows | null;
  tz: string;
  chip: Chip;
  onDrop: (e: Entry, row: string, minute: number) => void;
}) {
  const length = minutesInDay(p.day, p.tz);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = 6 * 60 * ROW_PX;
  }, [p.day, p.rows !== null]);
  if (!p.rows) return <p className={css.empty}>{p.t.t("common.loading")}</p>;
  const rows: Array<{ id: string; name: string; group: string }> = [
    { id: "none", name: p.t.t("calendar.unassigned"), group: "" },
    ...p.rows.docks.map((d) => ({ id: `dock:${d.id}`, name: d.name, group: p.t.t("calendar.docks") })),
    ...p.rows.users.map((u) => ({ id: `user:${u.id}`, name: u.name, group: p.t.t("calendar.people") })),
  ];
  const ids = rows.map((r) => r.id);
  const shown = p.entries.filter((e) => daysOf(e, p.tz).includes(p.day));
  const onRow = new Map<string, Entry[]>();
  for (const e of shown) {
    const r = ids.includes(rowOf(e)) ? rowOf(e) : "none";
    onRow.set(r, [...(onRow.get(r) ?? []), e]);
  }
  const minuteAt = (el: HTMLElement, clientX: number, grab: number) => {
    const rect = el.getBoundingClientRect();
    return Math.max(0, Math.min(length - 15, (clientX - rect.left) / ROW_PX - grab));
  };
  return (
    <div className={css.planner} ref={scroller} role="grid" aria-label={p.t.t("calendar.view.resources")}>
      <div role="row" className={css.plannerRow}>
        <div role="columnheader" className={css.rowHead}>{p.t.t("calendar.resource")}</div>
        <div className={css.track} style={{ width: length * ROW_PX }} aria-hidden="true">
          {hourLabels(p.t, p.day, p.tz).map((h) => (
            <span key={h.minute} className={css.hourTick} style={{ left: h.minute * ROW_PX }}>{h.label}</span>
          ))}
        </div>
      </div>
      {rows.map((r, i) => (
        <div role="row" key={r.id} className={css.plannerRow}>
          <div role="rowheader" className={css.rowHead}>
            {r.group && r.group !== rows[i - 1]?.group
              ? <span className={css.rowGroup}>{r.group}</span>
              : null}
            {r.name}
          </div>
          <RowTrack
            row={r}
            rows={rows}
            ids={ids}
            entries={onRow.get(r.id) ?? []}
            all={p.entries}
            day={p.day}
            tz={p.tz}
            length={length}
            chip={p.chip}
            onDrop={p.onDrop}
            minuteAt={minuteAt}
          />
        </div>
      ))}
    </div>
  );
}

/** Lane height in the planner: an entry and a little air. */
const LANE_PX = 34;

/** One row of the planner: its entries in lanes (overlapping ones one above the other), a drop target. */
function RowTrack(p: {
  row: { id: string };
  rows: Array<{ id: string }>;
  ids: string[];
  entries: Entry[];
  all: Entry[];
  day: string;
  tz: string;
  length: number;
  chip: Chip;
  onDrop: (e: Entry, row: string, minute: number) => void;
  minuteAt: (el: HTMLElement, clientX: number, grab: number) => number;
}) {
  const items = p.entries.map((e) => {
    const start = e.allDay ? 0 : minuteOfDay(e.start, p.day, p.tz);
    const end = e.allDay ? p.length : Math.max(minuteOfDay(e.finish, p.day, p.tz), start + 15);
    return { e, start, end };
  });
  const { lane, count } = lanes(items);
  const at = p.ids.indexOf(p.row.id);
  return (
    <div
      role="gridcell"
      className={css.track}
      data-row={p.row.id}
      style={{ width: p.length * ROW_PX, height: Math.max(1, count) * LANE_PX + 8 }}
      onDragOver={allowDrop}
      onDrop={(ev) => {
        const hit = draggedEntry(p.all);
        if (!hit) return;
        ev.preventDefault();
        dragged = null;
        const target = p.row.id === "none" ? rowOf(hit.entry) : p.row.id;
        p.onDrop(hit.entry, target, p.minuteAt(ev.currentTarget, ev.clientX, hit.grabMinutes));
      }}
    >
      {items.map((it) =>
        p.chip(it.e, {
          unit: "slot",
          style: {
            position: "absolute",
            left: it.start * ROW_PX,
            width: (it.end - it.start) * ROW_PX - 2,
            top: 4 + (lane.get(it) ?? 0) * LANE_PX,
            height: LANE_PX - 4,
          },
          onRowStep: (n) => {
            const next = p.rows[at + n];
            if (!next || next.id === "none") return;
            p.onDrop(it.e, next.id, it.e.allDay ? 0 : minuteOfDay(it.e.start, p.day, p.tz));
          },
        })
      )}
    </div>
  );
}

function Legend(p: { t: Translator }) {
  const items: Array<[string, string]> = [
    [css.kind.document, p.t.t("calendar.legend.document")],
    [css.kind.order, p.t.t("calendar.legend.order")],
    [css.kind.event, p.t.t("calendar.legend.event")],
    [css.kind.shipment, p.t.t("calendar.legend.shipment")],
    [css.field.deadline, p.t.t("field.wmsOrder.deadline")],
  ];
  return (
    <ul className={css.legend} aria-label={p.t.t("calendar.legend")}>
      {items.map(([cls, label]) => (
        <li key={label}>
          <span className={`${css.swatch} ${cls}`} aria-hidden="true" /> {label}
        </li>
      ))}
    </ul>
  );
}

/** The user's ICS feed: made, renewed (the old address stops working) or stopped. */
function FeedDialog(p: { t: Translator; onClose: () => void }) {
  const { t } = p;
  const [state, setState] = useState<
    { active: boolean; createdAt: string | null; lastReadAt: string | null; url?: string } | null
  >(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    api<typeof state>("GET", "/Calendar/feed").then(setState, (err) => setError(errorMessage(t, err)));
  }, [t]);
  const renew = () =>
    api<NonNullable<typeof state>>("POST", "/Calendar/feed").then(
      setState,
      (err) => setError(errorMessage(t, err)),
    );
  const stop = () =>
    api("DELETE", "/Calendar/feed").then(
      () => setState({ active: false, createdAt: null, lastReadAt: null }),
      (err) => setError(errorMessage(t, err)),
    );
  return (
    <ModalDialog title={t.t("calendar.feed.title")} isOpen onOpenChange={(o) => !o && p.onClose()}>
      <p>{t.t("calendar.feed.body")}</p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {state?.url
        ? (
          <>
            <TextField name="feedUrl" label={t.t("calendar.feed.address")} value={state.url} isReadOnly />
            <Button
              onPress={() =>
                navigator.clipboard?.writeText(state.url!).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )}
            >
              {t.t("calendar.feed.copy")}
            </Button>
            {copied ? <span role="status">{t.t("calendar.feed.copied")}</span> : null}
            <p className={css.hint}>{t.t("calendar.feed.once")}</p>
          </>
        )
        : state?.active
        ? (
          <p>
            {t.t("calendar.feed.active", { since: t.day(state.createdAt) })} {state.lastReadAt
              ? t.t("calendar.feed.lastRead", {
                at: t.instant(state.lastReadAt),
              })
              : t.t("calendar.feed.neverRead")}
          </p>
        )
        : state
        ? <p>{t.t("calendar.feed.none")}</p>
        : null}
      <DialogFooter>
        {state?.active ? <Button danger onPress={stop}>{t.t("calendar.feed.stop")}</Button> : null}
        <Button onPress={renew}>
          {state?.active ? t.t("calendar.feed.renew") : t.t("calendar.feed.make")}
        </Button>
        <Button quiet onPress={p.onClose}>{t.t("common.close")}</Button>
      </DialogFooter>
    </ModalDialog>
  );
}
