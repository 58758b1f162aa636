// An entry of the calendar as the API answers it (server/domain/calendar/entries.ts reads them for a
// range; the client's calendar lays them out).
export type EntryKind = "document" | "order" | "event" | "shipment";

export interface Entry {
  /** Unique on the calendar: kind, id and the date field (`document:12:plannedDate`, `event:3`). */
  key: string;
  kind: EntryKind;
  id: number;
  /** The date field the entry stands for (documents and orders); null for an event. */
  field: string | null;
  title: string;
  typeCode: string | null;
  statusCode: string | null;
  /** An instant (ISO), or for an all-day entry the day's midnight in UTC (see `allDay`). */
  start: string;
  finish: string;
  /** The date names a day, not a time: shown on that day in the user's own time zone. */
  allDay: boolean;
  /** Its user row (an event of sub-type user, a document's or order's assigned user). */
  userId: number | null;
  /** Its dock row: an event's dock, or a document's location on the receipt or release zone. */
  locationId: number | null;
  /** A drag may reschedule it: events, working copies of documents, orders not yet closed. */
  movable: boolean;
  version: number;
}
