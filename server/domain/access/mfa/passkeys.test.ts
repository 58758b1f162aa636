import { describe, expect, it } from "vitest";
import { COSEALG as library } from "@simplewebauthn/server/helpers";
import { COSEALG, PASSKEY_ALGORITHMS } from "./passkeys.ts";

describe("the passkeys' algorithms", () => {
  it("are named by the library's own COSE identifiers, which the module keeps without loading it", () => {
    expect(COSEALG).toEqual({ EdDSA: library.EdDSA, ES256: library.ES256, RS256: library.RS256 });
    expect(PASSKEY_ALGORITHMS).toEqual([library.EdDSA, library.ES256, library.RS256]);
  });
});
