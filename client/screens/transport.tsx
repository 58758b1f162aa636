// Shipping and transport (issue 19). direct-transport-offer: freight tickets (a dispatcher adds, edits,
// publishes, assigns and archives them; a carrier's user sees published ones and those assigned to them)
// and the offers made on them; direct-transport-message: the messages on tickets, each opening its ticket.
import { useState } from "react";
import { useAtomValue } from "jotai";
import { useT } from "../i18n/use_t.ts";
import { startupAtom } from "../state.ts";
import { ResourceList } from "../features/list/resource_list.tsx";
import { FreightPanel } from "../features/transport/freight_panel.tsx";
import { navigate } from "../shell/navigation.ts";
import { Tabs } from "../ui/controls.tsx";
import { shipmentTicketMeta } from "../../shared/resources/generated/shipment_ticket.ts";
import { transportMessageMeta } from "../../shared/resources/generated/transport_message.ts";
import { transportOfferMeta } from "../../shared/resources/generated/transport_offer.ts";
import * as shell from "../shell/shell.css.ts";

type RouteProps = { openedDialogId?: string; additionalParams?: string };

/** A dispatcher (staff with the shipping or transport module, or an administrator) writes tickets. */
function useDispatcher(): boolean | null {
  const startup = useAtomValue(startupAtom);
  if (!startup) return null;
  const u = startup.user;
  return !u.connectedContractorId && (u.isSuperUser || !!u.shippingEnabled || !!u.transportEnabled);
}

/** The ticket a row of offers or messages is about, as its reader may open it. */
function openTicket(ticketId: unknown, dispatcher: boolean | null) {
  navigate(`/direct-transport-offer/${ticketId}${dispatcher ? "" : "/preview"}`);
}

export function FreightScreen(p: RouteProps) {
  const t = useT();
  const dispatcher = useDispatcher();
  const [tab, setTab] = useState("tickets");
  const title = t.t("route.direct-transport-offer");
  const tickets = (
    <ResourceList
      meta={shipmentTicketMeta}
      route="direct-transport-offer"
      title={title}
      openedDialogId={p.openedDialogId}
      additionalParams={p.additionalParams}
      canEdit={dispatcher}
      dialogExtra={(record, reload) => <FreightPanel ticket={record} reload={reload} />}
    />
  );
  const offers = (
    <ResourceList
      meta={transportOfferMeta}
      route="direct-transport-offer"
      title={t.t("freight.offers")}
      canEdit={false}
      onOpen={(row) => openTicket(row.ticketId, dispatcher)}
    />
  );
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <Tabs
        label={title}
        selected={tab}
        onChange={setTab}
        tabs={[
          { id: "tickets", title: t.t("freight.tickets"), content: tab === "tickets" ? tickets : null },
          { id: "offers", title: t.t("freight.offers"), content: tab === "offers" ? offers : null },
        ]}
      />
    </section>
  );
}

export function FreightMessagesScreen(p: RouteProps) {
  const t = useT();
  const dispatcher = useDispatcher();
  const title = t.t("route.direct-transport-message");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <ResourceList
        meta={transportMessageMeta}
        route="direct-transport-message"
        title={title}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={false}
        onOpen={(row) => openTicket(row.ticketId, dispatcher)}
      />
    </section>
  );
}
