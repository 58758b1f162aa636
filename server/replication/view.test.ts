// What a lost disk would take that the replica cannot bring back: the signing key kept under DATA_DIR/keys.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { keyRisk } from "./view.ts";

describe("the replica's blind spot", () => {
  const config = loadConfig();
  it("is the signing key kept on the data disk while replicating, which the warning names with its remedy", () => {
    const risk = keyRisk({ ...config, replicaUrl: "file:///mnt/replica", jwtPrivateJwk: undefined });
    expect(risk).toContain("DATA_DIR/keys");
    expect(risk).toContain("JWT_PRIVATE_JWK");
  });
  it("is none with the key from outside, or without a replica", () => {
    expect(keyRisk({ ...config, replicaUrl: "file:///mnt/replica", jwtPrivateJwk: '{"kty":"OKP"}' }))
      .toBeNull();
    expect(keyRisk({ ...config, replicaUrl: undefined, jwtPrivateJwk: undefined })).toBeNull();
  });
});
