// The names a page of documents shows beside its ids (locations, containers, contractor, assigned user), read
// at once for the page: the resource's readExtra (entity.ts) and the API's document DTO (dto.ts).
import type { Db } from "../../../db/connection.ts";
import { readNames } from "../names.ts";
import type { DocumentRow } from "./table.ts";

/** Display values of a page of documents, by id. */
export async function documentExtras(
  db: Db,
  rows: DocumentRow[],
): Promise<Map<number, Record<string, unknown>>> {
  const names = await readNames(db, {
    locations: rows.flatMap((r) => [r.sourceLocationId, r.destinationLocationId]),
    containers: rows.flatMap((r) => [r.sourceContainerId, r.destinationContainerId]),
    companies: rows.map((r) => r.contractorId),
    users: rows.map((r) => r.assignedUserId),
  });
  return new Map(rows.map((r) => [r.id, {
    contractorName: names.company(r.contractorId),
    sourceLocationLabel: names.location(r.sourceLocationId),
    destinationLocationLabel: names.location(r.destinationLocationId),
    sourceContainerNumber: names.container(r.sourceContainerId),
    destinationContainerNumber: names.container(r.destinationContainerId),
    assignedUserName: names.user(r.assignedUserId),
  }]));
}
