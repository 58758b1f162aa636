// Every document validator over one snapshot, in a stable order.
import {
  checkContractorMatch,
  checkHasPositions,
  checkInternalContractor,
  checkOrder,
  checkWorkingCopy,
} from "./document.ts";
import {
  checkContainerPlaces,
  checkLocks,
  checkRackLoad,
  checkRequiredPlaces,
  checkTemperature,
} from "./places.ts";
import { checkExpiry, checkProductLocks, checkRequiredAttributes } from "./product.ts";
import { allocateAll, checkAvailable, checkQuantityPositive, checkWholeContainers } from "./quantity.ts";
import type { Issue, Snapshot } from "./snapshot.ts";

export function validateDocument(s: Snapshot): Issue[] {
  const allocations = allocateAll(s);
  if (s.correction) {
    return [
      ...checkWorkingCopy(s),
      ...checkHasPositions(s),
      ...checkQuantityPositive(s),
      ...checkAvailable(s, allocations),
    ];
  }
  return [
    ...checkWorkingCopy(s),
    ...checkHasPositions(s),
    ...checkInternalContractor(s),
    ...checkContractorMatch(s),
    ...checkOrder(s),
    ...checkRequiredPlaces(s),
    ...checkLocks(s),
    ...checkContainerPlaces(s),
    ...checkTemperature(s),
    ...checkRackLoad(s),
    ...checkRequiredAttributes(s),
    ...checkExpiry(s, allocations),
    ...checkProductLocks(s),
    ...checkQuantityPositive(s),
    ...checkAvailable(s, allocations),
    ...checkWholeContainers(s, allocations),
  ];
}
