// A freight ticket's part below its fields (issue 19). A dispatcher moves it on (publish, back to a working
// copy, archive), reads the carriers' offers cheapest first and assigns one, and talks with each carrier;
// a carrier's user makes, changes or withdraws their company's offer and talks with the warehouse. Offers
// and messages arrive live over the hub.
import { useCallback, useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import type { PlainKey } from "../list/meta.ts";
import { pushToast, startupAtom } from "../../state.ts";
import { Button, Notice, Select, TextField } from "../../ui/controls.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import { DateTimeField } from "../../ui/date_field.tsx";
import type { Values } from "../dialogs/form_state.ts";
import { useAppending } from "../dialogs/appending.ts";
import { useVerb } from "../dialogs/use_verb.ts";
import * as css from "../dialogs/dialogs.css.ts";
import * as own from "./freight.css.ts";

export interface Offer {
  id: number;
  carrierId: number;
  carrierName: string | null;
  statusCode: "submitted" | "accepted" | "rejected" | "withdrawn";
  price: number;
  currency: string;
  pickupTime: string | null;
  deliveryTime: string | null;
  comment: string | null;
  createdByName: string | null;
}

interface Message {
  id: number;
  carrierId: number;
  fromWarehouse: boolean;
  authorName: string;
  text: string;
  createdAt: string;
}

/** The ticket's verbs, by the state each starts from. */
const VERBS: Record<string, { verb: string; label: PlainKey; danger?: boolean }[]> = {
  workingCopy: [{ verb: "publish", label: "freight.publish" }],
  published: [
    { verb: "unpublish", label: "freight.unpublish" },
    { verb: "archive", label: "freight.archive", danger: true },
  ],
  assigned: [{ verb: "archive", label: "freight.archive", danger: true }],
  archived: [],
};

export function FreightPanel(p: { ticket: Values; reload: () => void }) {
  const startup = useAtomValue(startupAtom);
  const carrier = !!startup?.user.connectedContractorId;
  return carrier ? <CarrierPart {...p} /> : <DispatcherPart {...p} />;
}

function useOffers(ticketId: number) {
  const [offers, setOffers] = useState<Offer[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = useT();
  const load = useCallback(() => {
    api<{ results: Offer[] }>("GET", `/ShipmentTicket/${ticketId}/offers?PageSize=200&sortColumn=price`).then(
      (r) => setOffers(r.results),
      (err) => setError(errorMessage(t, err)),
    );
  }, [ticketId, t]);
  useEffect(load, [load]);
  useResourceEvents("TransportOffer", load);
  return { offers, error, load };
}

function when(t: ReturnType<typeof useT>, v: string | null): string {
  return v ? t.instant(v) : "—";
}

function money(t: ReturnType<typeof useT>, o: Offer): string {
  try {
    return new Intl.NumberFormat(t.lang, { style: "currency", currency: o.currency }).format(o.price);
  } catch {
    return `${o.price} ${o.currency}`;
  }
}

function DispatcherPart(p: { ticket: Values; reload: () => void }) {
  const t = useT();
  const id = p.ticket.id as number;
  const status = String(p.ticket.statusCode);
  const { offers, error, load } = useOffers(id);
  const verb = useVerb({ show: "toast" });
  const [talkTo, setTalkTo] = useState<number | null>(null);

  const run = (path: string, done: PlainKey) =>
    verb.run(() => api("POST", `/ShipmentTicket/${id}/${path}`), {
      done: () => {
        pushToast("info", t.t(done, { number: String(p.ticket.shipmentNumber) }));
        p.reload();
        load();
      },
    });

  // The carriers to talk with: those who offered, and the one assigned.
  const carriers = new Map<number, string>();
  for (const o of offers ?? []) carriers.set(o.carrierId, o.carrierName ?? `#${o.carrierId}`);
  if (typeof p.ticket.carrierId === "number") {
    carriers.set(p.ticket.carrierId, String(p.ticket.carrierName ?? `#${p.ticket.carrierId}`));
  }
  const chosen = talkTo ?? [...carriers.keys()][0] ?? null;

  return (
    <section className={own.panel} data-testid="freight-panel" aria-labelledby="freight-offers">
      <div className={own.verbs}>
        <span className={own.status} data-status={status}>
          {t.t(`option.statusCode.${status}` as PlainKey)}
        </span>
        {(VERBS[status] ?? []).map((v) => (
          <Button
            key={v.verb}
            danger={v.danger}
            isDisabled={verb.busy}
            onPress={() => void run(v.verb, `freight.done.${v.verb}` as PlainKey)}
          >
            {t.t(v.label)}
          </Button>
        ))}
      </div>
      <h3 id="freight-offers" className={css.legend}>{t.t("freight.offers")}</h3>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {offers === null || offers.length === 0
        ? <p>{t.t(offers === null ? "common.loading" : "freight.noOffers")}</p>
        : (
          <table className={own.table} data-testid="freight-offers">
            <thead>
              <tr>
                <th>{t.t("field.transportOffer.carrierId")}</th>
                <th>{t.t("field.transportOffer.price")}</th>
                <th>{t.t("field.transportOffer.pickupTime")}</th>
                <th>{t.t("field.transportOffer.deliveryTime")}</th>
                <th>{t.t("field.transportOffer.comment")}</th>
                <th>{t.t("field.transportOffer.statusCode")}</th>
                <th>
                  <span className={own.hidden}>{t.t("freight.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {offers.map((o) => (
                <tr key={o.id} data-offer={o.carrierName ?? o.carrierId}>
                  <td>{o.carrierName}</td>
                  <td>{money(t, o)}</td>
                  <td>{when(t, o.pickupTime)}</td>
                  <td>{when(t, o.deliveryTime)}</td>
                  <td>{o.comment}</td>
                  <td>{t.t(`option.statusCode.${o.statusCode}` as PlainKey)}</td>
                  <td>
                    {status === "published" && o.statusCode === "submitted"
                      ? (
                        <Button
                          isDisabled={verb.busy}
                          onPress={() => void run(`assign/${o.id}`, "freight.done.assign")}
                        >
                          {t.t("freight.assign")}
                        </Button>
                      )
                      : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      {chosen !== null && status !== "workingCopy"
        ? (
          <>
            {carriers.size > 1
              ? (
                <Select
                  label={t.t("freight.talkTo")}
                  value={String(chosen)}
                  options={[...carriers].map(([cid, name]) => ({ id: String(cid), label: name }))}
                  onChange={(v) => setTalkTo(Number(v))}
                />
              )
              : null}
            <Conversation
              ticketId={id}
              carrierId={chosen}
              title={t.t("freight.conversationWith", { name: carriers.get(chosen) ?? "" })}
              closed={status === "archived"}
            />
          </>
        )
        : null}
    </section>
  );
}

function CarrierPart(p: { ticket: Values; reload: () => void }) {
  const t = useT();
  const id = p.ticket.id as number;
  const status = String(p.ticket.statusCode);
  const { offers, load } = useOffers(id);
  const mine = offers?.[0] ?? null;
  const [price, setPrice] = useState<number | null>(null);
  const [currency, setCurrency] = useState("EUR");
  const [pickupTime, setPickup] = useState<string | null>(null);
  const [deliveryTime, setDelivery] = useState<string | null>(null);
  const [comment, setComment] = useState("");
  const verb = useVerb({ show: "toast" });
  const errors = verb.fields;
  const filled = useRef(false);
  useEffect(() => {
    if (!mine || filled.current) return;
    filled.current = true;
    setPrice(mine.price);
    setCurrency(mine.currency);
    setPickup(mine.pickupTime);
    setDelivery(mine.deliveryTime);
    setComment(mine.comment ?? "");
  }, [mine]);

  const send = () =>
    verb.run(
      () =>
        api("POST", `/ShipmentTicket/${id}/offer`, { price, currency, pickupTime, deliveryTime, comment }),
      {
        done: () => {
          pushToast("info", t.t("freight.done.offer", { number: String(p.ticket.shipmentNumber) }));
          load();
        },
      },
    );
  const withdraw = () =>
    verb.run(() => api("DELETE", `/ShipmentTicket/${id}/offer`), {
      done: () => {
        pushToast("info", t.t("freight.done.withdraw", { number: String(p.ticket.shipmentNumber) }));
        load();
      },
    });

  const open = status === "published";
  return (
    <section className={own.panel} data-testid="freight-panel" aria-labelledby="freight-my-offer">
      <h3 id="freight-my-offer" className={css.legend}>{t.t("freight.myOffer")}</h3>
      {mine
        ? (
          <p data-testid="freight-my-status">
            {t.t("freight.myOfferIs", {
              price: money(t, mine),
              status: t.t(`option.statusCode.${mine.statusCode}` as PlainKey),
            })}
          </p>
        )
        : null}
      {open
        ? (
          <div className={own.offerForm}>
            <NumberField
              name="price"
              label={t.t("field.transportOffer.price")}
              value={price}
              onChange={setPrice}
              minValue={0}
              isRequired
              errors={errors.price}
            />
            <TextField
              name="currency"
              label={t.t("field.transportOffer.currency")}
              value={currency}
              onChange={setCurrency}
              errors={errors.currency}
            />
            <DateTimeField
              name="pickupTime"
              label={t.t("field.transportOffer.pickupTime")}
              value={pickupTime}
              onChange={setPickup}
              errors={errors.pickupTime}
            />
            <DateTimeField
              name="deliveryTime"
              label={t.t("field.transportOffer.deliveryTime")}
              value={deliveryTime}
              onChange={setDelivery}
              errors={errors.deliveryTime}
            />
            <TextField
              name="comment"
              label={t.t("field.transportOffer.comment")}
              value={comment}
              onChange={setComment}
              multiline
              errors={errors.comment}
            />
            <div className={own.verbs}>
              <Button isDisabled={verb.busy || price === null} onPress={() => void send()}>
                {t.t(mine && mine.statusCode !== "withdrawn" ? "freight.changeOffer" : "freight.sendOffer")}
              </Button>
              {mine?.statusCode === "submitted"
                ? (
                  <Button quiet isDisabled={verb.busy} onPress={() => void withdraw()}>
                    {t.t("freight.withdraw")}
                  </Button>
                )
                : null}
            </div>
          </div>
        )
        : null}
      <Conversation
        ticketId={id}
        carrierId={null}
        title={t.t("freight.conversationWarehouse")}
        closed={status === "archived"}
      />
    </section>
  );
}

/** The messages between the warehouse and one carrier on a ticket (the carrier's own, to its users). */
function Conversation(p: { ticketId: number; carrierId: number | null; title: string; closed: boolean }) {
  const t = useT();
  const { items: messages, last, add, reset } = useAppending<Message>();
  const [text, setText] = useState("");
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const verb = useVerb({ show: "notice" });
  const query = p.carrierId === null ? "" : `?carrierId=${p.carrierId}`;
  const more = useCallback(() => {
    api<Message[]>("GET", `/ShipmentTicket/${p.ticketId}/messages/${last.current}${query}`).then(
      add,
      (err) => setLoadFailure(errorMessage(t, err)),
    );
  }, [p.ticketId, query, add, t]);
  useEffect(() => {
    reset();
    more();
  }, [more, reset]);
  useResourceEvents("TransportMessage", more);
  async function send() {
    if (!text.trim()) return;
    setLoadFailure(null);
    await verb.run(
      () =>
        api<Message>("POST", `/ShipmentTicket/${p.ticketId}/message`, {
          text,
          ...(p.carrierId === null ? {} : { carrierId: p.carrierId }),
        }),
      {
        done: (sent) => {
          add([sent]);
          setText("");
        },
      },
    );
  }
  const error = verb.refusal ?? loadFailure;
  return (
    <div className={own.conversation} data-testid="freight-conversation">
      <h3 className={css.legend}>{p.title}</h3>
      {messages.length === 0
        ? <p>{t.t("freight.noMessages")}</p>
        : (
          <ol className={own.messages} aria-live="polite">
            {messages.map((m) => (
              <li
                key={m.id}
                className={m.fromWarehouse ? own.fromWarehouse : own.fromCarrier}
                data-testid="freight-message"
              >
                <span className={own.author}>{m.authorName}</span>{" "}
                <time className={own.time} dateTime={m.createdAt}>{when(t, m.createdAt)}</time>
                <div>{m.text}</div>
              </li>
            ))}
          </ol>
        )}
      {error ? <Notice kind="error">{error}</Notice> : null}
      {p.closed ? null : (
        <>
          <TextField
            name="freightMessage"
            label={t.t("freight.write")}
            value={text}
            onChange={setText}
            multiline
          />
          <div>
            <Button isDisabled={verb.busy || !text.trim()} onPress={() => void send()}>
              {t.t("freight.send")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
