// The production flow (issue 14): plan a production of a product by its bill of materials, then four
// screens over one production order (/production-<step>/{orderId}): resource picking (the raw material to
// pick, from which bins and lots), summary (what is made of what, and its documents), labels (printable
// labels of the product made) and finish (confirm its documents, after which it does not change).
import { PrintButton } from "../features/print/print_dialog.tsx";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage, reportError } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import type { Translator } from "../../shared/i18n/mod.ts";
import { pushToast, startupAtom } from "../state.ts";
import { navigate } from "../shell/navigation.ts";
import { Link } from "../shell/link.tsx";
import { Button, Notice, TextField } from "../ui/controls.tsx";
import { type PickedProduct, ProductEntry, QuantityField } from "../features/orders/product_entry.tsx";
import { focusFirstInvalid, InvalidFieldsProvider, useInvalidFields } from "../ui/number_field.tsx";
import { BarcodePreview } from "../ui/barcode.tsx";
import { ResourceList } from "../features/list/resource_list.tsx";
import { useVerb } from "../features/dialogs/use_verb.ts";
import type { PlainKey } from "../features/list/meta.ts";
import { canKeepDocuments, type WmsPosition } from "../features/documents/document.ts";
import { ProcessBadge, Progress, StatusBadge } from "../features/documents/status.tsx";
import {
  type OrderDocument,
  type OrderPosition,
  readOrderPositions,
  type WmsOrder,
} from "../features/orders/order.ts";
import { wmsOrderMeta } from "../../shared/resources/generated/wms_order.ts";
import * as shell from "../shell/shell.css.ts";
import * as dcss from "../features/documents/documents.css.ts";
import * as css from "../features/orders/orders.css.ts";

export type ProductionStep = "picking" | "summary" | "labels" | "finish";
const STEPS: ProductionStep[] = ["picking", "summary", "labels", "finish"];

interface Production {
  order: WmsOrder;
  materials: OrderPosition[];
  documents: (OrderDocument & { positions: WmsPosition[] })[];
}

function useProduction(id: number | null) {
  const [state, setState] = useState<Production | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    if (id === null) return;
    try {
      const order = await api<WmsOrder>("GET", `/WmsOrder/${id}`);
      const [materials, docs] = await Promise.all([
        readOrderPositions(order),
        api<OrderDocument[]>("GET", `/Production/${id}/GetProductionDocuments`),
      ]);
      const documents = await Promise.all(docs.map(async (d) => ({
        ...d,
        positions:
          (await api<{ results: WmsPosition[] }>("GET", `/WmsDocument/${d.id}/Positions?PageSize=1000`))
            .results,
      })));
      setState({ order, materials, documents });
      setError(null);
    } catch (err) {
      setError(err);
    }
  }, [id]);
  useEffect(() => void load(), [load]);
  useResourceEvents("WmsOrder", (e) => e.id === id && void load());
  useResourceEvents("WmsDocument", () => void load());
  return { state, error, reload: load };
}

export function ProductionScreen(p: { step: ProductionStep; openedDialogId?: string }) {
  const t = useT();
  const id = Number(p.openedDialogId);
  const known = Number.isSafeInteger(id) && id > 0 ? id : null;
  const title = t.t(`route.production-${p.step}` as PlainKey);
  if (known === null) return <Productions step={p.step} title={title} />;
  return <ProductionStepScreen step={p.step} id={known} title={title} />;
}

/** Without an order: the productions (each opening this step) and the form that plans one. */
function Productions(p: { step: ProductionStep; title: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const canPlan = !!canKeepDocuments(startup);
  return (
    <section>
      <h1 className={shell.title}>{p.title}</h1>
      {canPlan ? <PlanProduction /> : null}
      <ResourceList
        meta={wmsOrderMeta}
        route={`production-${p.step}`}
        title={p.title}
        canEdit={false}
        initialFilters={[{ field: "typeCode", operator: "eq", value: "PRD" }]}
        renderCell={(f, row) =>
          f.name === "processStatusCode"
            ? <ProcessBadge t={t} status={String(row.processStatusCode)} />
            : undefined}
        onOpen={(row) => navigate(`/production-${p.step}/${row.id}`)}
      />
    </section>
  );
}

/** A product picker's target (products by name, index or barcode). */

/** Plans a production: the product (by its index, or found by its name, index or barcode), how much and when. */
function PlanProduction() {
  const t = useT();
  const [code, setCode] = useState("");
  const [picked, setPicked] = useState<PickedProduct | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const invalid = useInvalidFields();
  const [date, setDate] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function plan(e: FormEvent) {
    e.preventDefault();
    if (focusFirstInvalid(invalid)) return;
    setBusy(true);
    try {
      let productId = picked?.id;
      if (productId === undefined) {
        const filter = encodeURIComponent(
          JSON.stringify([{ field: "index", operator: "eq", value: code.trim() }]),
        );
        const found = await api<{ results: { id: number }[] }>(
          "GET",
          `/Product?BasicFiltersSerialized=${filter}`,
        );
        if (!found.results.length) {
          setError(t.t("orders.productNotFound", { code: code.trim() }));
          return;
        }
        productId = found.results[0].id;
      }
      const order = await api<WmsOrder>("POST", "/WmsOrder/GenerateProduction", {
        productId,
        quantity,
        plannedDate: date || null,
      });
      pushToast("info", t.t("orders.productionPlanned", { number: order.orderNumber }));
      navigate(`/production-summary/${order.id}`);
    } catch (err) {
      setError(errorMessage(t, err));
      reportError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void plan(e)} className={dcss.actions} data-testid="plan-production">
      <ProductEntry
        t={t}
        name="product"
        label={t.t("orders.productToMake")}
        code={code}
        picked={picked}
        onCode={setCode}
        onPicked={setPicked}
        isRequired
      />
      <InvalidFieldsProvider value={invalid}>
        <QuantityField
          name="quantity"
          label={t.t("field.wmsOrderPosition.quantity")}
          value={quantity}
          onChange={setQuantity}
        />
      </InvalidFieldsProvider>
      <TextField
        name="plannedDate"
        type="date"
        label={t.t("field.wmsOrder.plannedDate")}
        value={date}
        onChange={setDate}
      />
      <Button type="submit" isDisabled={busy || (!code.trim() && !picked)}>
        {t.t("orders.planProduction")}
      </Button>
      {error ? <Notice kind="error">{error}</Notice> : null}
    </form>
  );
}

function ProductionStepScreen(p: { step: ProductionStep; id: number; title: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const canEdit = !!canKeepDocuments(startup);
  const { state, error, reload } = useProduction(p.id);
  const verb = useVerb();
  const act = (method: string, path: string, body: unknown, done: PlainKey) =>
    verb.run(() => api(method, path, body), {
      done: async () => {
        pushToast("info", t.t(done, { number: state?.order.orderNumber ?? "" }));
        await reload();
      },
    });
  const o = state?.order;
  const finished = o?.processStatusCode === "closedFully";
  const generate = () =>
    void act("POST", "/Production/GenerateDocuments", { orderId: p.id }, "orders.documentsMade");
  return (
    <section>
      <h1 className={shell.title}>{p.title} {o ? `· ${o.orderNumber}` : ""}</h1>
      <nav aria-label={t.t("orders.productionSteps")} className={dcss.actions}>
        {STEPS.map((s) => (
          <Link key={s} to={`/production-${s}/${p.id}`} current={s === p.step}>
            {t.t(`route.production-${s}` as PlainKey)}
          </Link>
        ))}
      </nav>
      {error ? <Notice kind="error">{errorMessage(t, error)}</Notice> : null}
      {verb.refusal ? <Notice kind="error">{verb.refusal}</Notice> : null}
      {!state ? (error ? null : <p>{t.t("common.loading")}</p>) : (
        <>
          <p data-testid="production-state">
            <ProcessBadge t={t} status={state.order.processStatusCode} /> {t.t("orders.producing", {
              product: state.order.productionProductIndex ?? "",
              quantity: t.number(state.order.productionQuantity ?? 0),
              done: t.number(state.order.producedQuantity ?? 0),
            })}
          </p>
          {p.step === "picking" ? <Picking t={t} production={state} /> : null}
          {p.step === "summary" ? <Summary t={t} production={state} /> : null}
          {p.step === "labels" ? <Labels t={t} production={state} /> : null}
          {p.step === "finish"
            ? (
              <p>
                {finished ? t.t("orders.productionFinished") : t.t("orders.finishProductionBody")}
              </p>
            )
            : null}
          {canEdit && !finished
            ? (
              <div className={dcss.actions}>
                {state.documents.every((d) => d.statusCode !== "workingCopy")
                  ? (
                    <Button isDisabled={verb.busy} onPress={generate}>
                      {t.t("orders.generateDocuments")}
                    </Button>
                  )
                  : null}
                {p.step === "finish" && state.documents.some((d) => d.statusCode === "workingCopy")
                  ? (
                    <Button
                      isDisabled={verb.busy}
                      onPress={() =>
                        void act(
                          "GET",
                          `/Production/${p.id}/ConfirmDocuments`,
                          undefined,
                          "orders.productionDone",
                        )}
                    >
                      {t.t("orders.finishProduction")}
                    </Button>
                  )
                  : null}
              </div>
            )
            : null}
        </>
      )}
    </section>
  );
}

/** The raw material to pick: the release's positions, each at its bin and lot. */
function Picking(p: { t: Translator; production: Production }) {
  const { t } = p;
  const release = p.production.documents.find((d) => d.typeCode === "IOU" && d.statusCode !== "reverted");
  if (!release) return <p>{t.t("orders.noPickingYet")}</p>;
  return (
    <div className={dcss.tableScroll}>
      <table className={dcss.table} data-testid="production-picking">
        <thead>
          <tr>
            <th scope="col">{t.t("field.wmsOrderPosition.sourceLocationId")}</th>
            <th scope="col">{t.t("field.wmsOrderPosition.productId")}</th>
            <th scope="col">{t.t("orders.lot")}</th>
            <th scope="col" className="number">{t.t("field.wmsOrderPosition.quantity")}</th>
          </tr>
        </thead>
        <tbody>
          {release.positions.map((x) => (
            <tr key={x.id}>
              <td>{[x.sourceLocationLabel, x.sourceContainerNumber].filter(Boolean).join(" · ")}</td>
              <td>{[x.productIndex, x.productName].filter(Boolean).join(" · ")}</td>
              <td>
                {[x.expiryDate ? t.day(x.expiryDate) : null, x.serialNumber].filter(
                  Boolean,
                ).join(" · ")}
              </td>
              <td className="number">{t.number(x.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What is made of what, and the documents that do it. */
function Summary(p: { t: Translator; production: Production }) {
  const { t } = p;
  return (
    <>
      <h2>{t.t("orders.materials")}</h2>
      <ul data-testid="production-materials">
        {p.production.materials.map((m) => (
          <li key={m.id}>{m.productIndex} · {m.productName}: {t.number(m.quantity ?? 0)}</li>
        ))}
      </ul>
      <h2>{t.t("orders.documents")}</h2>
      {p.production.documents.length
        ? (
          <ul data-testid="production-documents">
            {p.production.documents.map((d) => (
              <li key={d.id}>
                <a href={`/warehouse-documents/${d.id}`}>{d.documentNumber}</a>{" "}
                {t.t(`option.typeCode.${d.typeCode}` as PlainKey)} <StatusBadge t={t} status={d.statusCode} />
                {" "}
                <Progress t={t} percent={d.progressPercent} />
              </li>
            ))}
          </ul>
        )
        : <p>{t.t("orders.noDocumentsYet")}</p>}
    </>
  );
}

/** Labels of the product made: one per receipt position (its quantity, production date), printable. */
function Labels(p: { t: Translator; production: Production }) {
  const { t } = p;
  const receipt = p.production.documents.find((d) => d.typeCode === "IIN" && d.statusCode !== "reverted");
  if (!receipt) return <p>{t.t("orders.noDocumentsYet")}</p>;
  return (
    <>
      <div className={css.labels} data-testid="production-labels">
        {receipt.positions.map((x) => (
          <div key={x.id} className={css.label}>
            <strong>{x.productIndex}</strong>
            <span>{x.productName}</span>
            <span>{t.t("orders.labelQuantity", { quantity: t.number(x.quantity) })}</span>
            {x.productionDate
              ? (
                <span>
                  {t.t("orders.labelMade", { date: t.day(x.productionDate) })}
                </span>
              )
              : null}
            <BarcodePreview value={x.productIndex ?? ""} symbology="code128" />
          </div>
        ))}
      </div>
      <div className={dcss.actions}>
        <Button quiet onPress={() => globalThis.print()}>{t.t("orders.print")}</Button>
        <PrintButton
          type="product"
          label={t.t("print.labels")}
          items={receipt.positions.filter((x) => x.productId !== null).map((x) => ({
            id: x.productId!,
            values: {
              quantity: x.quantity,
              ...(x.productionDate ? { productionDate: x.productionDate } : {}),
              ...(x.expiryDate ? { expiryDate: x.expiryDate } : {}),
              ...(x.serialNumber ? { serialNumber: x.serialNumber } : {}),
            },
          }))}
        />
      </div>
    </>
  );
}
