// The print agent's protocol and settings, read strictly on both sides: a message outside the protocol is
// nothing (the server closes the socket), a key names its tenant only in its one form, bytes survive base64,
// and the agent's settings say where each printer's jobs go.
import { describe, expect, it } from "vitest";
import {
  fromBase64,
  MAX_DETAIL,
  parseAgentMessage,
  parseServerMessage,
  tenantIdOfAgentKey,
  toBase64,
} from "./protocol.ts";
import { parseDestination, reasonOf, socketUrl } from "./agent.ts";

const secret = "A".repeat(43);

describe("print agent protocol", () => {
  it("reads a key's tenant only from a key of the one form", () => {
    expect(tenantIdOfAgentKey(`wpa.12.${secret}`)).toBe(12);
    for (
      const bad of [
        `wpa.0.${secret}`,
        `wpa.012.${secret}`,
        `wpa.12.${secret}A`,
        `wpa.12.${secret.slice(1)}`,
        `wpb.12.${secret}`,
        `wpa.-1.${secret}`,
        `wpa.12.${secret.slice(1)}=`,
        "",
        `wpa.99999999999999999.${secret}`,
      ]
    ) {
      expect(tenantIdOfAgentKey(bad), bad).toBeNull();
    }
  });

  it("takes an agent's messages of the protocol only", () => {
    const hello = { type: "hello", protocol: 1, key: "k", agent: { name: "pc", version: "1", os: "linux" } };
    expect(parseAgentMessage(JSON.stringify(hello))).toEqual(hello);
    expect(parseAgentMessage(JSON.stringify({ type: "result", id: 3, ok: true }))).toEqual({
      type: "result",
      id: 3,
      ok: true,
    });
    const failed = parseAgentMessage(
      JSON.stringify({ type: "result", id: 3, ok: false, reason: "timeout", detail: "x".repeat(2000) }),
    );
    expect(failed).toMatchObject({ reason: "timeout" });
    expect((failed as { detail: string }).detail.length).toBe(MAX_DETAIL);
    for (
      const bad of [
        "not json",
        "[]",
        "null",
        JSON.stringify({ type: "result", id: 0, ok: true }),
        JSON.stringify({ type: "result", id: 1.5, ok: true }),
        JSON.stringify({ type: "result", id: 1, ok: false, reason: "lost", detail: "" }),
        JSON.stringify({ type: "result", id: 1, ok: "yes" }),
        JSON.stringify({ ...hello, agent: { name: "pc" } }),
        JSON.stringify({ ...hello, key: "k".repeat(201) }),
        JSON.stringify({ type: "job" }),
        JSON.stringify({ type: "toString" }),
      ]
    ) expect(parseAgentMessage(bad), bad).toBeNull();
  });

  it("takes the server's messages of the protocol only", () => {
    const job = {
      type: "job",
      id: 7,
      kind: "zpl",
      printer: { id: 1, name: "Dock", host: "10.0.0.5", port: 9100 },
      data: "XlhB",
      bytes: 3,
    };
    expect(parseServerMessage(JSON.stringify(job))).toEqual(job);
    expect(parseServerMessage(JSON.stringify({ ...job, kind: "ps" }))).toBeNull();
    expect(parseServerMessage(JSON.stringify({ ...job, printer: { ...job.printer, port: 70000 } })))
      .toBeNull();
    expect(parseServerMessage(JSON.stringify({ type: "ack", id: 7 }))).toEqual({ type: "ack", id: 7 });
    expect(parseServerMessage(JSON.stringify({ type: "welcome", site: { id: 1 } }))).toBeNull();
  });

  it("carries any bytes through base64 unchanged", () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7919) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(new TextDecoder().decode(fromBase64(toBase64(new TextEncoder().encode("^XA^FDŻółć^FS^XZ")))))
      .toBe("^XA^FDŻółć^FS^XZ");
  });
});

describe("print agent settings", () => {
  it("finds the socket from the server's web address", () => {
    expect(socketUrl("https://wms.example.com")).toBe("wss://wms.example.com/printAgent");
    expect(socketUrl("http://127.0.0.1:8000/")).toBe("ws://127.0.0.1:8000/printAgent");
    expect(socketUrl("https://example.com/wms/?x=1")).toBe("wss://example.com/wms/printAgent");
  });

  it("reads where a printer's jobs go: an address and port, or a print queue", () => {
    expect(parseDestination("192.168.1.40:9100")).toEqual({ raw: { host: "192.168.1.40", port: 9100 } });
    expect(parseDestination("zebra-1.local:6101")).toEqual({ raw: { host: "zebra-1.local", port: 6101 } });
    expect(parseDestination("[fe80::1]:9100")).toEqual({ raw: { host: "fe80::1", port: 9100 } });
    expect(parseDestination("queue:HP_LaserJet")).toEqual({ queue: "HP_LaserJet" });
    expect(parseDestination("queue:")).toEqual({ queue: null });
    for (const bad of ["192.168.1.40", "host:0", "host:70000", "a b:9100", ""]) {
      expect(() => parseDestination(bad), bad).toThrow();
    }
  });

  it("names why a print failed", () => {
    expect(reasonOf(new Deno.errors.ConnectionRefused("refused"))).toBe("connectionRefused");
    expect(reasonOf(new Deno.errors.TimedOut("late"))).toBe("timeout");
    expect(reasonOf(new Error("failed to lookup address information: Name or service not known")))
      .toBe("unreachable");
    expect(reasonOf(new Error("something odd"))).toBe("other");
  });
});
