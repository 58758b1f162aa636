// Freight's calls: the ShipmentTicket resource (generic routes; dispatchers write, carriers read what is
// theirs to see), its verbs (publish, unpublish, assign an offer, archive), a carrier's offer, the offers on
// a ticket, and the messages between the warehouse and each carrier; the offers and messages as read-only
// lists (direct-transport-offer, direct-transport-message).
import type { Hono } from "hono";
import { z } from "zod";
import { paramId } from "../../kernel/params.ts";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { idParam, mount } from "../../engine/http/route.ts";
import { listQuerySchema } from "../../kernel/list.ts";
import { resourceRoutes } from "../../engine/routes.ts";
import { shipmentTicket, transportMessage, transportOffer } from "./entity.ts";
import {
  archiveTicket,
  assignOffer,
  makeOffer,
  MessageInput,
  messagesOf,
  OfferInput,
  offersOf,
  postMessage,
  publishTicket,
  TransportMessageOut,
  unpublishTicket,
  withdrawOffer,
} from "./service.ts";

export function transportRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "ShipmentTicket";
  const ticket = shipmentTicket.entity.record;
  const verb = (name: string, summary: string, run: typeof publishTicket) =>
    mount(app, platform, {
      method: "post",
      path: `/ShipmentTicket/:id/${name}`,
      summary,
      tag,
      access: "shipping",
      response: ticket,
    }, (c, { params }) => run(c.get("ctx"), idParam(params.id)));
  verb(
    "publish",
    "Publish a working copy to every carrier (its pickup and delivery place, country and time are required)",
    publishTicket,
  );
  verb(
    "unpublish",
    "Take a published ticket back to a working copy while no carrier has an offer on it",
    unpublishTicket,
  );
  verb("archive", "Archive a published or assigned ticket; offers still open are rejected", archiveTicket);

  mount(app, platform, {
    method: "post",
    path: "/ShipmentTicket/:id/assign/:offerId",
    summary: "Assign a published ticket to the carrier of a submitted offer; the other offers are rejected",
    tag,
    access: "shipping",
    response: ticket,
  }, (c, { params }) => assignOffer(c.get("ctx"), idParam(params.id), idParam(params.offerId)));

  const offer = transportOffer.entity.record;
  mount(app, platform, {
    method: "get",
    path: "/ShipmentTicket/:id/offers",
    summary: "The offers on a ticket (a carrier's user: their own), cheapest first by default",
    tag,
    access: "transport",
    whole: "shipping",
    list: transportOffer.listFields,
    query: listQuerySchema,
    response: z.object({ results: z.array(offer), allFilteredRowCount: z.number() }),
  }, (c, { params, query }) => offersOf(c.get("ctx"), idParam(params.id), query));

  mount(app, platform, {
    method: "post",
    path: "/ShipmentTicket/:id/offer",
    summary: "A carrier's offer on a published ticket (one per carrier: sent again, it is changed)",
    tag,
    access: "carrier",
    body: OfferInput,
    response: offer,
  }, (c, { params, body }) => makeOffer(c.get("ctx"), idParam(params.id), body));

  mount(app, platform, {
    method: "delete",
    path: "/ShipmentTicket/:id/offer",
    summary: "Withdraw the carrier's offer while the ticket is published and the offer not yet answered",
    tag,
    access: "carrier",
    response: offer,
  }, (c, { params }) => withdrawOffer(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "get",
    path: "/ShipmentTicket/:id/messages/:lastMessageId",
    summary:
      "A conversation's messages after the one given (0: from the first), oldest first, 200 at most; " +
      "the warehouse names the carrier (`carrierId`)",
    tag,
    access: "transport",
    whole: "shipping",
    query: z.object({ carrierId: paramId.optional() }),
    response: z.array(TransportMessageOut),
  }, (c, { params, query }) =>
    messagesOf(
      c.get("ctx"),
      idParam(params.id),
      params.lastMessageId === "0" ? 0 : idParam(params.lastMessageId),
      query.carrierId,
    ));

  mount(app, platform, {
    method: "post",
    path: "/ShipmentTicket/:id/message",
    summary: "A message on a ticket between the warehouse (naming the carrier) and a carrier",
    tag,
    access: "transport",
    whole: "shipping",
    body: MessageInput,
    response: TransportMessageOut,
    status: 201,
  }, (c, { params, body }) => postMessage(c.get("ctx"), idParam(params.id), body));

  resourceRoutes(app, platform, shipmentTicket);
  resourceRoutes(app, platform, transportOffer);
  resourceRoutes(app, platform, transportMessage);
}
