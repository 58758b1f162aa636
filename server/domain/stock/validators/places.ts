// Where stock comes from and goes to: required and forbidden locations and containers per direction,
// locked locations and containers, containers standing elsewhere, and the storage temperature.
import {
  definitionOf,
  type Issue,
  issue,
  placesOf,
  puts,
  type Rule,
  severityOf,
  type Snapshot,
  takes,
} from "./snapshot.ts";

/** Receipt: a destination location, no source. Release: a source location, no destination. Relocation: both. */
export function checkRequiredPlaces(s: Snapshot): Issue[] {
  const def = definitionOf(s.document.typeCode);
  const doc = s.document;
  const out: Issue[] = [];
  if (def.source === "forbidden") {
    if (doc.sourceLocationId !== null) out.push(issue(null, "sourceLocationForbidden"));
    if (doc.sourceContainerId !== null) out.push(issue(null, "sourceContainerForbidden"));
  }
  if (def.destination === "forbidden") {
    if (doc.destinationLocationId !== null) out.push(issue(null, "destinationLocationForbidden"));
    if (doc.destinationContainerId !== null) out.push(issue(null, "destinationContainerForbidden"));
  }
  for (const p of s.positions) {
    const at = placesOf(doc, p);
    if (def.source === "forbidden") {
      if (p.sourceLocationId !== null) out.push(issue(p.id, "sourceLocationForbidden"));
      if (p.sourceContainerId !== null) out.push(issue(p.id, "sourceContainerForbidden"));
    } else if (at.sourceLocationId === null) out.push(issue(p.id, "sourceLocationRequired"));
    if (def.destination === "forbidden") {
      if (p.destinationLocationId !== null) out.push(issue(p.id, "destinationLocationForbidden"));
      if (p.destinationContainerId !== null) out.push(issue(p.id, "destinationContainerForbidden"));
    } else if (at.destinationLocationId === null) out.push(issue(p.id, "destinationLocationRequired"));
    // A container relocation moves containers: each position names the one it moves.
    if (def.typeCode === "PRL" && at.sourceContainerId === null) {
      out.push(issue(p.id, "sourceContainerRequired"));
    }
  }
  return out;
}

/** Stock may not leave a location or container locked for release, nor arrive at one locked for receipt. */
export function checkLocks(s: Snapshot): Issue[] {
  const dir = definitionOf(s.document.typeCode).direction;
  const out: Issue[] = [];
  for (const p of s.positions) {
    const at = placesOf(s.document, p);
    if (takes(dir)) {
      const loc = at.sourceLocationId === null ? undefined : s.locations.get(at.sourceLocationId);
      if (loc?.lockedOut) out.push(issue(p.id, "locationLocked", { side: "source", location: loc.label }));
      const c = at.sourceContainerId === null ? undefined : s.containers.get(at.sourceContainerId);
      if (c?.lockedOut) out.push(issue(p.id, "containerLocked", { side: "source", container: c.number }));
    }
    if (puts(dir)) {
      const loc = at.destinationLocationId === null ? undefined : s.locations.get(at.destinationLocationId);
      if (loc?.lockedIn) {
        out.push(issue(p.id, "locationLocked", { side: "destination", location: loc.label }));
      }
      const c = at.destinationContainerId === null ? undefined : s.containers.get(at.destinationContainerId);
      if (c?.lockedIn) {
        out.push(issue(p.id, "containerLocked", { side: "destination", container: c.number }));
      }
    }
  }
  return out;
}

/**
 * A container must stand at the location named with it. The destination of a container relocation is
 * where the container goes, so it is not held against it there.
 */
export function checkContainerPlaces(s: Snapshot): Issue[] {
  const def = definitionOf(s.document.typeCode);
  const out: Issue[] = [];
  for (const p of s.positions) {
    const at = placesOf(s.document, p);
    const sides = [
      ["source", at.sourceContainerId, at.sourceLocationId],
      ["destination", at.destinationContainerId, at.destinationLocationId],
    ] as const;
    for (const [side, containerId, locationId] of sides) {
      if (containerId === null || locationId === null) continue;
      if (side === "destination" && def.typeCode === "PRL") continue;
      const c = s.containers.get(containerId);
      if (c && c.locationId !== locationId) {
        const label = s.locations.get(locationId)?.label ?? `#${locationId}`;
        const actual = s.locations.get(c.locationId)?.label ?? `#${c.locationId}`;
        out.push(
          issue(p.id, "containerAtOtherLocation", { side, container: c.number, location: label, actual }),
        );
      }
    }
  }
  return out;
}

/** The destination's storage temperature lies within the product's range (rule storageTemperature). */
export function checkTemperature(s: Snapshot): Issue[] {
  const severity = severityOf(s.rules.storageTemperature as Rule);
  if (!severity || !puts(definitionOf(s.document.typeCode).direction)) return [];
  const out: Issue[] = [];
  for (const p of s.positions) {
    const product = s.products.get(p.productId);
    const locationId = placesOf(s.document, p).destinationLocationId;
    const loc = locationId === null ? undefined : s.locations.get(locationId);
    if (!product || !loc || loc.temperature === null) continue;
    const tooCold = product.minTemperature !== null && loc.temperature < product.minTemperature;
    const tooWarm = product.maxTemperature !== null && loc.temperature > product.maxTemperature;
    if (tooCold || tooWarm) {
      out.push(issue(p.id, "temperatureUnsuitable", {
        location: loc.label,
        temperature: loc.temperature,
        min: product.minTemperature ?? "-",
        max: product.maxTemperature ?? "-",
      }, severity));
    }
  }
  return out;
}

/**
 * What a receipt or relocation puts under a location that says what it may carry (a bin, or the shelf or rack
 * above it) must fit beside what is there (rule rackLoad): the weight at and below it now (the maintained
 * per-location weights) plus the positions' quantities times their products' weights, less what a relocation
 * takes out of the same one. Each position adding to an overloaded one is named.
 */
export function checkRackLoad(s: Snapshot): Issue[] {
  const severity = severityOf(s.rules.rackLoad as Rule);
  const dir = definitionOf(s.document.typeCode).direction;
  if (!severity || !puts(dir) || !s.limits) return [];
  const { of, holders } = s.limits;
  const net = new Map<number, { kg: number; positions: number[] }>();
  const add = (holder: number, kg: number, positionId?: number) => {
    const at = net.get(holder) ?? { kg: 0, positions: [] };
    at.kg += kg;
    if (positionId !== undefined) at.positions.push(positionId);
    net.set(holder, at);
  };
  for (const p of s.positions) {
    const weight = s.products.get(p.productId)?.weight ?? null;
    if (!weight) continue;
    const kg = (p.quantity / 1000) * weight;
    const at = placesOf(s.document, p);
    const into = at.destinationLocationId === null ? [] : of.get(at.destinationLocationId) ?? [];
    const outOf = !takes(dir) || at.sourceLocationId === null ? [] : of.get(at.sourceLocationId) ?? [];
    for (const h of into) if (!outOf.includes(h)) add(h, kg, p.id);
    for (const h of outOf) if (!into.includes(h)) add(h, -kg);
  }
  const out: Issue[] = [];
  const round = (v: number) => Math.round(v * 100) / 100;
  for (const [id, change] of net) {
    const h = holders.get(id)!;
    if (change.kg <= 0 || h.loadKg + change.kg <= h.capacityKg + 1e-9) continue;
    for (const positionId of change.positions) {
      out.push(issue(positionId, "rackOverloaded", {
        location: h.label,
        load: round(h.loadKg),
        incoming: round(change.kg),
        capacity: h.capacityKg,
      }, severity));
    }
  }
  return out;
}
