// Infrastructure → warehouse map (issue 17), an island of its own: the location chosen among every zone and
// what is in it (location_picker.tsx; one without a map says so, with the upload for those who may), a
// loading indicator while its plan is on the way, and its floor plan (the SVG drawing,
// cleaned on the server, shown as an image so that nothing in it can run) with the locations directly under
// it drawn over it, coloured by how full they are (their stock's weight against their capacity, from the
// maintained per-location weights) or by temperature, with a legend, zoom and pan (buttons, wheel, drag,
// keys), and a click or Enter opening the location's stock. Administrators and business managers upload or
// replace the drawing and, in the planner, place the locations: drag a rectangle (snapped to a grid) or type
// its corner and size in centimetres, then save them all at once (each with its version check).
import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useAtomValue } from "jotai";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { startupAtom } from "../../state.ts";
import { Button, Notice, Select } from "../../ui/controls.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import { Loading } from "../../ui/loading.tsx";
import { LocationPicker, type MapChoice } from "./location_picker.tsx";
import { ResourceList } from "../list/resource_list.tsx";
import { ReferencePicker } from "../dialogs/reference_field.tsx";
import { useVerb } from "../dialogs/use_verb.ts";
import { productStockAllMeta } from "../../../shared/resources/inventory.ts";
import { storageSpaceMeta } from "../../../shared/resources/generated/storage_space.ts";
import * as shell from "../../shell/shell.css.ts";
import * as ui from "../../ui/ui.css.ts";
import * as css from "./map.css.ts";
import {
  type Bounds,
  boundsOf,
  type Box,
  climate,
  dragRect,
  fullness,
  gridStep,
  parseViewBox,
  toSvg,
  toWorld,
} from "./geometry.ts";

interface Place {
  id: number;
  label: string;
  coordinateX: number | null;
  coordinateY: number | null;
  dimensionX: number | null;
  dimensionY: number | null;
  capacityKg: number | null;
  loadKg: number;
  fullPercent: number | null;
  temperature: number | null;
  cooled: boolean;
  zoneReceipt: boolean;
  zoneRelease: boolean;
  zonePicking: boolean;
  version: number;
}
interface Occupancy {
  location: {
    id: number;
    label: string;
    mapSouthWestX: number | null;
    mapSouthWestY: number | null;
    mapNorthEastX: number | null;
    mapNorthEastY: number | null;
  };
  map: { viewBox: string | null; version: number } | null;
  places: Place[];
}
type Rect = { x: number; y: number; w: number; h: number };
type Colouring = "fullness" | "climate";

const placed = (p: Place): Rect | null =>
  p.coordinateX !== null && p.coordinateY !== null && p.dimensionX && p.dimensionY
    ? { x: p.coordinateX, y: p.coordinateY, w: p.dimensionX, h: p.dimensionY }
    : null;

function placeLabel(t: Translator, p: Place): string {
  const load = t.t("map.load", {
    load: t.number(p.loadKg, { maximumFractionDigits: 1 }),
    capacity: p.capacityKg === null ? "—" : t.number(p.capacityKg, { maximumFractionDigits: 1 }),
  });
  const full = p.fullPercent === null
    ? t.t("map.noCapacity")
    : t.t("map.full", { percent: t.number(p.fullPercent) });
  const temp = p.temperature === null ? "" : `, ${t.number(p.temperature)} °C`;
  return `${p.label}: ${full}, ${load}${temp}`;
}

export function WarehouseMapScreen() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const mayPlan = !!(startup?.user.isSuperUser || startup?.user.isPowerUser);
  const [choices, setChoices] = useState<MapChoice[] | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [data, setData] = useState<Occupancy | null>(null);
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [colouring, setColouring] = useState<Colouring>("fullness");
  const [planning, setPlanning] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [stockOf, setStockOf] = useState<Place | null>(null);
  const [reload, setReload] = useState(0);

  // The picker's locations; on the first visit the first zone (else location) with a map is shown.
  useEffect(() => {
    api<MapChoice[]>("GET", "/StorageSpace/MapChoices").then((list) => {
      setChoices(list);
      const mapped = list.filter((c) => c.mapVersion !== null);
      setLocationId((id) => id ?? (mapped.find((c) => c.parentId === null) ?? mapped[0])?.id ?? null);
    }, (err) => setError(errorMessage(t, err)));
  }, [t, reload]);
  const chosen = choices?.find((c) => c.id === locationId) ?? null;
  /** The chosen location has no map (as far as the choices know; a search's pick is read to find out). */
  const noMapYet = locationId !== null && data?.location.id === locationId && !data.map;
  useEffect(() => {
    if (locationId === null) return;
    let live = true;
    api<Occupancy>("GET", `/StorageSpace/${locationId}/occupancy`).then((occ) => {
      if (!live) return;
      setData(occ);
      setError(null);
    }, (err) => live && setError(errorMessage(t, err)));
    return () => {
      live = false;
    };
  }, [locationId, reload, t]);
  // Another location's drawing is not shown over this one's racks while its own is on the way.
  useEffect(() => setSvg(null), [locationId]);
  // The drawing itself only when another one is put (stock moving changes the occupancy, not the plan).
  const mapVersion = data?.location.id === locationId ? data?.map?.version ?? null : null;
  useEffect(() => {
    if (locationId === null || mapVersion === null) return;
    let live = true;
    api<{ svg: string }>("GET", `/StorageSpace/${locationId}/schema`).then(
      (m) => live && setSvg(m.svg),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [locationId, mapVersion]);
  // Stock moves with every confirmed document; locations and maps change in place.
  const again = useCallback(() => setReload((k) => k + 1), []);
  useResourceEvents("WmsDocument", again);
  useResourceEvents("StorageSpace", again);

  const vb = useMemo(() => parseViewBox(data?.map?.viewBox ?? null), [data]);
  const bounds = data && vb ? boundsOf(data.location, vb) : null;
  // Waiting: for the choices, for the chosen location's overlay, for its drawing.
  const waiting = !error && (choices === null ||
    (locationId !== null && (data?.location.id !== locationId || (!!data.map && svg === null))));

  return (
    <section className={css.screen} aria-busy={waiting}>
      <h1 className={shell.title}>{t.t("route.warehouse-map")}</h1>
      <div className={css.toolbar}>
        {choices
          ? (
            <LocationPicker
              t={t}
              choices={choices}
              value={locationId}
              onChange={(id) => {
                setPlanning(false);
                setLocationId(id);
              }}
            />
          )
          : null}
        <Select<Colouring>
          label={t.t("map.colouring")}
          value={colouring}
          options={[
            { id: "fullness", label: t.t("map.colouring.fullness") },
            { id: "climate", label: t.t("map.colouring.climate") },
          ]}
          onChange={setColouring}
        />
        <span className={css.spacer} />
        {mayPlan ? <Button onPress={() => setUploading(true)}>{t.t("map.upload")}</Button> : null}
        {mayPlan && data && vb
          ? (
            <Button quiet={!planning} onPress={() => setPlanning((p) => !p)}>
              {t.t(planning ? "map.planner.close" : "map.planner.open")}
            </Button>
          )
          : null}
      </div>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {waiting ? <Loading text={t.t("map.loading")} testId="map-loading" /> : null}
      {choices && locationId === null
        ? <Notice>{t.t(mayPlan ? "map.noneYetUpload" : "map.noneYet")}</Notice>
        : null}
      {noMapYet
        ? (
          <div className={css.noMapYet} data-testid="map-none">
            <Notice>
              {t.t(mayPlan ? "map.noMapYetUpload" : "map.noMapYet", {
                label: chosen?.label ?? data.location.label,
              })}
            </Notice>
            {mayPlan ? <Button onPress={() => setUploading(true)}>{t.t("map.uploadThis")}</Button> : null}
          </div>
        )
        : null}
      {data && svg && vb && bounds
        ? planning
          ? (
            <Planner
              t={t}
              data={data}
              svg={svg}
              vb={vb}
              bounds={bounds}
              onSaved={(occ) => {
                setData(occ);
                setPlanning(false);
              }}
            />
          )
          : (
            <>
              <MapView t={t} svg={svg} vb={vb}>
                {data.places.map((p) => {
                  const r = placed(p);
                  if (!r) return null;
                  const box = toSvg(r, bounds, vb);
                  const cls = colouring === "fullness" ? css.fill[fullness(p)] : css.climate[climate(p)];
                  return (
                    <g
                      key={p.id}
                      role="button"
                      tabIndex={0}
                      aria-label={placeLabel(t, p)}
                      data-place={p.label}
                      data-fullness={fullness(p)}
                      data-climate={climate(p)}
                      className={css.place}
                      onClick={() => setStockOf(p)}
                      onKeyDown={(e) => {
                        if (e.key === "Enter" || e.key === " ") {
                          e.preventDefault();
                          setStockOf(p);
                        }
                      }}
                    >
                      <title>{placeLabel(t, p)}</title>
                      <rect x={box.x} y={box.y} width={box.w} height={box.h} className={cls} />
                      <text
                        x={box.x + box.w / 2}
                        y={box.y + box.h / 2}
                        className={css.placeText}
                        style={{ fontSize: Math.max(Math.min(box.w / 6, box.h / 2.5), vb.w / 200) }}
                      >
                        {p.label}
                      </text>
                    </g>
                  );
                })}
              </MapView>
              <Legend t={t} colouring={colouring} />
              <UnplacedNote t={t} places={data.places} />
            </>
          )
        : null}
      {stockOf
        ? (
          <ModalDialog
            title={t.t("map.stockOf", { label: stockOf.label })}
            isOpen
            size="wide"
            onOpenChange={(o) => !o && setStockOf(null)}
          >
            <p>{placeLabel(t, stockOf)}</p>
            <ResourceList
              meta={productStockAllMeta}
              route="warehouse-map"
              title={t.t("map.stockOf", { label: stockOf.label })}
              canEdit={false}
              listPath="/WmsInventory/customProductStock"
              query={`locationTreeId=${stockOf.id}`}
              onOpen={() => undefined}
            />
            <DialogFooter>
              <Button onPress={() => setStockOf(null)}>{t.t("common.close")}</Button>
            </DialogFooter>
          </ModalDialog>
        )
        : null}
      {uploading
        ? (
          <UploadDialog
            t={t}
            initialLocation={locationId}
            onClose={() => setUploading(false)}
            onUploaded={(id) => {
              setUploading(false);
              setLocationId(id);
              setReload((k) => k + 1);
            }}
          />
        )
        : null}
    </section>
  );
}

function UnplacedNote(p: { t: Translator; places: Place[] }) {
  const missing = p.places.filter((x) => !placed(x));
  if (!missing.length) return null;
  return (
    <p className={css.hint}>{p.t.t("map.unplaced", { labels: missing.map((m) => m.label).join(", ") })}</p>
  );
}

/** The drawing with an overlay of the same viewBox, zoomed and panned. */
function MapView(
  p: {
    t: Translator;
    svg: string;
    vb: Box;
    children: React.ReactNode;
    onPointer?: Handlers;
    cursor?: string;
  },
) {
  const { t, vb } = p;
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; vx: number; vy: number } | null>(null);
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(p.svg)}`, [p.svg]);
  const zoom = (factor: number, at?: { x: number; y: number }) =>
    setView((v) => {
      const scale = Math.min(20, Math.max(0.5, v.scale * factor));
      const rect = frame.current?.getBoundingClientRect();
      const cx = at?.x ?? (rect ? rect.width / 2 : 0);
      const cy = at?.y ?? (rect ? rect.height / 2 : 0);
      const k = scale / v.scale;
      return { scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k };
    });
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    // A wheel over the map zooms it (not the page): a listener that may prevent the default.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, { x: e.clientX - rect.left, y: e.clientY - rect.top });
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);
  const panning = !p.onPointer;
  return (
    <div className={css.mapWrap}>
      <div className={css.zoomBar}>
        <Button onPress={() => zoom(1.4)} aria-label={t.t("map.zoomIn")}>+</Button>
        <Button onPress={() => zoom(1 / 1.4)} aria-label={t.t("map.zoomOut")}>−</Button>
        <Button quiet onPress={() => setView({ scale: 1, x: 0, y: 0 })}>{t.t("map.reset")}</Button>
      </div>
      <div
        ref={frame}
        className={css.frame}
        tabIndex={0}
        role="group"
        aria-label={t.t("map.frame")}
        style={{ cursor: p.cursor ?? (panning ? "grab" : "crosshair") }}
        onKeyDown={(e) => {
          const step = 60;
          const keys: Record<string, () => void> = {
            "+": () => zoom(1.4),
            "=": () => zoom(1.4),
            "-": () => zoom(1 / 1.4),
            ArrowLeft: () => pan(step, 0),
            ArrowRight: () => pan(-step, 0),
            ArrowUp: () => pan(0, step),
            ArrowDown: () => pan(0, -step),
          };
          if (e.target === e.currentTarget && keys[e.key]) {
            e.preventDefault();
            keys[e.key]();
          }
        }}
        onPointerDown={(e) => {
          if (!panning || (e.target as Element).closest("[data-place]")) return;
          drag.current = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (d) setView((v) => ({ ...v, x: d.vx + e.clientX - d.x, y: d.vy + e.clientY - d.y }));
        }}
        onPointerUp={() => (drag.current = null)}
      >
        <div
          className={css.canvas}
          style={{
            aspectRatio: `${vb.w} / ${vb.h}`,
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
          }}
        >
          <img src={src} alt={t.t("map.drawing")} className={css.drawing} draggable={false} />
          <svg
            viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
            className={css.overlay}
            preserveAspectRatio="none"
            data-overlay
            onPointerDown={p.onPointer?.down}
            onPointerMove={p.onPointer?.move}
            onPointerUp={p.onPointer?.up}
          >
            {p.children}
          </svg>
        </div>
      </div>
    </div>
  );
}

interface Handlers {
  down: (e: ReactPointerEvent<SVGSVGElement>) => void;
  move: (e: ReactPointerEvent<SVGSVGElement>) => void;
  up: (e: ReactPointerEvent<SVGSVGElement>) => void;
}

/** A pointer's place on the drawing, in its viewBox units. */
function svgPoint(e: ReactPointerEvent<SVGSVGElement>, vb: Box): { x: number; y: number } {
  const rect = e.currentTarget.getBoundingClientRect();
  return {
    x: vb.x + ((e.clientX - rect.left) / rect.width) * vb.w,
    y: vb.y + ((e.clientY - rect.top) / rect.height) * vb.h,
  };
}

function Planner(p: {
  t: Translator;
  data: Occupancy;
  svg: string;
  vb: Box;
  bounds: Bounds;
  onSaved: (o: Occupancy) => void;
}) {
  const { t, data, vb, bounds } = p;
  const step = gridStep(Math.max(bounds.neX - bounds.swX, bounds.neY - bounds.swY));
  const [selected, setSelected] = useState<number | null>(data.places[0]?.id ?? null);
  /** Each changed rectangle with the location's version when it was first changed here (its 409 if stale). */
  const [changes, setChanges] = useState<Record<number, Rect & { version: number }>>({});
  const [drawing, setDrawing] = useState<
    { from: { x: number; y: number }; to: { x: number; y: number } } | null
  >(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rectOf = (pl: Place): Rect | null => changes[pl.id] ?? placed(pl);
  const current = data.places.find((x) => x.id === selected) ?? null;
  const set = (id: number, r: Rect) =>
    setChanges((c) => ({
      ...c,
      [id]: { ...r, version: c[id]?.version ?? data.places.find((x) => x.id === id)!.version },
    }));
  const handlers: Handlers = {
    down: (e) => {
      if (selected === null) return;
      const at = toWorld(svgPoint(e, vb), bounds, vb);
      setDrawing({ from: at, to: at });
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    move: (e) => {
      if (drawing) setDrawing({ ...drawing, to: toWorld(svgPoint(e, vb), bounds, vb) });
    },
    up: () => {
      if (drawing && selected !== null) {
        const r = dragRect(drawing.from, drawing.to, step);
        if (r) set(selected, r);
      }
      setDrawing(null);
    },
  };
  const preview = drawing ? dragRect(drawing.from, drawing.to, step) : null;
  const save = async () => {
    setBusy(true);
    try {
      const placements = Object.entries(changes).map(([id, r]) => {
        return {
          id: Number(id),
          version: r.version,
          coordinateX: r.x,
          coordinateY: r.y,
          dimensionX: r.w,
          dimensionY: r.h,
        };
      });
      p.onSaved(await api<Occupancy>("PUT", `/StorageSpace/${data.location.id}/placements`, { placements }));
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof Rect, label: string) => {
    const r = current ? rectOf(current) : null;
    return (
      <NumberField
        name={`place-${name}`}
        label={label}
        unit="cm"
        value={r ? r[name] : null}
        minValue={name === "w" || name === "h" ? 1 : undefined}
        onChange={(v) => {
          if (!current || v === null) return;
          const base = rectOf(current) ?? { x: bounds.swX, y: bounds.swY, w: step, h: step };
          set(current.id, { ...base, [name]: v });
        }}
      />
    );
  };
  return (
    <div className={css.planner}>
      <div>
        <p className={css.hint}>{t.t("map.planner.hint", { step: t.number(step) })}</p>
        <MapView t={t} svg={p.svg} vb={vb} onPointer={handlers}>
          {data.places.map((pl) => {
            const r = rectOf(pl);
            if (!r) return null;
            const box = toSvg(r, bounds, vb);
            return (
              <g key={pl.id} data-planned={pl.label}>
                <rect
                  x={box.x}
                  y={box.y}
                  width={box.w}
                  height={box.h}
                  className={pl.id === selected ? css.plannedSelected : css.planned}
                />
                <text
                  x={box.x + box.w / 2}
                  y={box.y + box.h / 2}
                  className={css.placeText}
                  style={{ fontSize: Math.max(Math.min(box.w / 6, box.h / 2.5), vb.w / 200) }}
                >
                  {pl.label}
                </text>
              </g>
            );
          })}
          {preview
            ? (() => {
              const box = toSvg(preview, bounds, vb);
              return <rect x={box.x} y={box.y} width={box.w} height={box.h} className={css.drawingRect} />;
            })()
            : null}
        </MapView>
      </div>
      <aside className={css.side}>
        <h2 className={css.sideTitle}>{t.t("map.planner.locations")}</h2>
        <ul className={css.placeList} role="listbox" aria-label={t.t("map.planner.locations")}>
          {data.places.map((pl) => (
            <li
              key={pl.id}
              role="option"
              aria-selected={pl.id === selected}
              tabIndex={0}
              className={pl.id === selected ? css.placeItemSelected : css.placeItem}
              onClick={() => setSelected(pl.id)}
              onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && setSelected(pl.id)}
            >
              {pl.label}{" "}
              <span className={css.hint}>
                {changes[pl.id]
                  ? t.t("map.planner.changed")
                  : placed(pl)
                  ? t.t("map.planner.placed")
                  : t.t("map.planner.notPlaced")}
              </span>
            </li>
          ))}
        </ul>
        {current
          ? (
            <fieldset className={css.fields}>
              <legend>{current.label}</legend>
              {field("x", t.t("map.planner.x"))}
              {field("y", t.t("map.planner.y"))}
              {field("w", t.t("map.planner.w"))}
              {field("h", t.t("map.planner.h"))}
            </fieldset>
          )
          : null}
        {error ? <Notice kind="error">{error}</Notice> : null}
        <Button onPress={save} isDisabled={busy || !Object.keys(changes).length}>
          {t.t("map.planner.save")}
        </Button>
        <span className={ui.visuallyHidden} role="status">
          {Object.keys(changes).length
            ? t.t("map.planner.unsaved", { count: Object.keys(changes).length })
            : ""}
        </span>
      </aside>
    </div>
  );
}

function Legend(p: { t: Translator; colouring: Colouring }) {
  const { t } = p;
  const items: Array<[string, string]> = p.colouring === "fullness"
    ? [
      [css.fill.empty, t.t("map.legend.empty")],
      [css.fill.low, t.t("map.legend.low")],
      [css.fill.mid, t.t("map.legend.mid")],
      [css.fill.high, t.t("map.legend.high")],
      [css.fill.over, t.t("map.legend.over")],
      [css.fill.unknown, t.t("map.legend.unknown")],
    ]
    : [
      [css.climate.frozen, t.t("map.legend.frozen")],
      [css.climate.chilled, t.t("map.legend.chilled")],
      [css.climate.ambient, t.t("map.legend.ambient")],
    ];
  return (
    <ul className={css.legend} aria-label={t.t("map.legend")}>
      {items.map(([cls, label]) => (
        <li key={label}>
          <svg width="24" height="14" aria-hidden="true">
            <rect x="1" y="1" width="22" height="12" className={cls} />
          </svg>{" "}
          {label}
        </li>
      ))}
    </ul>
  );
}

/** A location, as the location form's parent picker finds one. */
const locationRef = storageSpaceMeta.fields.find((f) => f.name === "parentId")!.reference!;

/** Upload or replace a location's map: the file is read here and cleaned on the server. */
function UploadDialog(p: {
  t: Translator;
  initialLocation: number | null;
  onClose: () => void;
  onUploaded: (locationId: number) => void;
}) {
  const { t } = p;
  const [locationId, setLocationId] = useState<number | null>(p.initialLocation);
  const [file, setFile] = useState<File | null>(null);
  const verb = useVerb({ show: "notice" });
  const send = () => {
    if (!file || locationId === null) return;
    void verb.run(
      async () => {
        const content = await file.text();
        await api("POST", `/StorageSpace/${locationId}/schema`, { fileName: file.name, content });
      },
      { done: () => p.onUploaded(locationId) },
    );
  };
  return (
    <ModalDialog title={t.t("map.upload")} isOpen onOpenChange={(o) => !o && p.onClose()}>
      <p>{t.t("map.uploadBody")}</p>
      <ReferencePicker
        t={t}
        name="mapLocation"
        label={t.t("map.location")}
        reference={locationRef}
        value={locationId}
        onChange={(id) => setLocationId(id)}
      />
      <label className={css.fileLabel}>
        {t.t("map.file")}
        <input
          type="file"
          accept=".svg,image/svg+xml"
          name="mapFile"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
      </label>
      {verb.refusal ? <Notice kind="error">{verb.refusal}</Notice> : null}
      <DialogFooter>
        <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
        <Button onPress={send} isDisabled={verb.busy || !file || locationId === null}>
          {t.t("map.uploadSend")}
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}
