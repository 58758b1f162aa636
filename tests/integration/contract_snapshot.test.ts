// Nothing a client or a test sees of the resources changes by accident: the OpenAPI document, every
// resource's metadata and what the engine derives from each declaration equal the committed snapshot
// (tests/fixtures/contract_snapshot.json). A deliberate change rewrites it with
// `./node_modules/deno/deno run -A tests/fixtures/contract_snapshot.ts --write` and shows in review.
import { describe, expect, it } from "vitest";
import { SNAPSHOT_FILE, takeSnapshot } from "../fixtures/contract_snapshot.ts";

describe("the resources' contract", () => {
  it("equals the committed snapshot: OpenAPI document, metadata and engine configuration", async () => {
    const expected = JSON.parse(await Deno.readTextFile(SNAPSHOT_FILE));
    const actual = JSON.parse(JSON.stringify(await takeSnapshot()));
    // Compared part by part so that a failure names the resource that changed.
    expect(Object.keys(actual.metas).sort()).toEqual(Object.keys(expected.metas).sort());
    for (const key of Object.keys(expected.metas)) {
      expect(actual.metas[key], `meta ${key}`).toEqual(expected.metas[key]);
    }
    expect(Object.keys(actual.engines).sort()).toEqual(Object.keys(expected.engines).sort());
    for (const key of Object.keys(expected.engines)) {
      expect(actual.engines[key], `engine ${key}`).toEqual(expected.engines[key]);
    }
    expect(actual.userListFields).toEqual(expected.userListFields);
    expect(Object.keys(actual.openapi.paths).sort()).toEqual(Object.keys(expected.openapi.paths).sort());
    for (const path of Object.keys(expected.openapi.paths)) {
      expect(actual.openapi.paths[path], `OpenAPI ${path}`).toEqual(expected.openapi.paths[path]);
    }
    expect(actual.openapi).toEqual(expected.openapi);
  });
});
