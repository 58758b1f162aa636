// The egress policy's address rules: every notation the system's resolver reads as an address is read as
// the same address here, and every inside or special range is refused in each of its notations, IPv6
// forms carrying an inside IPv4 address included; public addresses pass.
import { lookup } from "node:dns/promises";
import { describe, expect, it } from "vitest";
import {
  allowsAddress,
  allowsName,
  connectable,
  isHostName,
  literalAddress,
  parseAllowList,
  refusedRange,
} from "./address.ts";

const refused = (host: string) => {
  const a = literalAddress(host);
  if (!a) throw new Error(`${host} was not read as an address`);
  return refusedRange(a);
};

/** Loopback 127.0.0.1 in inet_aton's notations: short, decimal, hex, octal and mixed. */
const LOOPBACK_V4 = [
  "127.0.0.1",
  "127.1",
  "127.0.1",
  "2130706433",
  "0x7f000001",
  "0x7F000001",
  "0x7f.1",
  "0x7f.0.0.1",
  "0x7f.0x0.0x0.0x1",
  "017700000001",
  "0177.0.0.1",
  "0177.1",
  "127.000.000.001",
  "127.0x1",
  "0x00000000007f000001",
];

describe("addresses written as the system's resolver reads them", () => {
  it.each([...LOOPBACK_V4, "0", "0.0.0.0", "010.0.0.1", "4294967295", "0x08080808", "134744072"])(
    "%s is the address getaddrinfo makes of it",
    async (text) => {
      const os = await lookup(text, { all: true });
      expect(os.map((a) => a.address)).toEqual([literalAddress(text)!.toString()]);
    },
  );

  it.each(["127.0.0.1 ", " 127.0.0.1", "1.2.3.256", "4294967296", "08.0.0.1", "0x", "127.0.0.1.5"])(
    "%s is no address (nor a name a resolver is asked for)",
    (text) => {
      expect(literalAddress(text)).toBeNull();
      expect(isHostName(text.trim())).toBe(false);
    },
  );

  it("reads IPv6 bracketed or not, with a zone id, and ::a.b.c.d as the compatible form RFC 4291 says", () => {
    expect(literalAddress("[::1]")?.toString()).toBe("::1");
    expect(literalAddress("0:0:0:0:0:0:0:1")?.toString()).toBe("::1");
    expect(literalAddress("fe80::1%eth0")?.toString()).toBe("fe80::1%eth0");
    expect(literalAddress("::127.0.0.1")?.toString()).toBe("::7f00:1");
    expect(literalAddress("[::ffff:127.0.0.1]")?.toString()).toBe("::ffff:7f00:1");
    expect(literalAddress("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(literalAddress("::1%bad zone")).toBeNull();
  });
});

describe("inside and special addresses are refused in every notation", () => {
  it.each(LOOPBACK_V4)("%s (loopback)", (text) => expect(refused(text)).toBe("loopback"));

  it.each([
    ["0.0.0.0", "unspecified"],
    ["0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.1.2.3", "private"],
    ["012.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["0xc0a80101", "private"],
    ["3232235777", "private"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.254", "carrierGradeNat"],
    ["169.254.169.254", "linkLocal"],
    ["2852039166", "linkLocal"],
    ["0xa9fea9fe", "linkLocal"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["198.18.0.1", "reserved"],
  ])("IPv4 %s (%s)", (text, range) => expect(refused(text)).toBe(range));

  it.each([
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::1%lo", "loopback"],
    ["::", "unspecified"],
    ["[::]", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["[fe80::a00:27ff:fe4e:66a1%25en0]", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456:789a::1", "uniqueLocal"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["ff02::1", "multicast"],
    ["ff05::1:3", "multicast"],
    ["100::1", "discard"],
    ["2001:db8::1", "reserved"],
    ["3fff::1", "reserved"],
  ])("IPv6 %s (%s)", (text, range) => expect(refused(text)).toBe(range));

  it.each([
    ["::ffff:127.0.0.1", "ipv4Mapped:loopback"],
    ["::ffff:7f00:1", "ipv4Mapped:loopback"],
    ["[::ffff:127.0.0.1]", "ipv4Mapped:loopback"],
    ["0:0:0:0:0:ffff:7f00:1", "ipv4Mapped:loopback"],
    ["::ffff:10.0.0.1", "ipv4Mapped:private"],
    ["::ffff:169.254.169.254", "ipv4Mapped:linkLocal"],
    ["::ffff:0:7f00:1", "ipv4Translated:loopback"],
    ["::127.0.0.1", "ipv4Compatible"],
    ["::7f00:1", "ipv4Compatible"],
    ["[::127.0.0.1]", "ipv4Compatible"],
    ["::8.8.8.8", "ipv4Compatible"],
    ["64:ff9b::7f00:1", "nat64:loopback"],
    ["[64:ff9b::7f00:1]", "nat64:loopback"],
    ["64:ff9b::127.0.0.1", "nat64:loopback"],
    ["64:ff9b::a9fe:a9fe", "nat64:linkLocal"],
    ["64:ff9b::c0a8:101", "nat64:private"],
    ["64:ff9b:1::808:808", "nat64LocalUse"],
    ["64:ff9b:1:ffff::1", "nat64LocalUse"],
    ["2002:7f00:1::1", "6to4:loopback"],
    ["2002:c0a8:101::1", "6to4:private"],
    ["2002:a9fe:a9fe::", "6to4:linkLocal"],
    // Teredo: the server's IPv4 address, then the client's, stored inverted (80ff:fffe is 127.0.0.1).
    ["2001:0:7f00:1::1", "teredo:loopback"],
    ["2001:0:808:808:8000:63bf:80ff:fffe", "teredo:loopback"],
    ["2001:0:808:808:8000:63bf:f5ff:fffe", "teredo:private"],
  ])("IPv6 carrying an IPv4 address: %s (%s)", (text, range) => expect(refused(text)).toBe(range));
});

describe("public addresses pass", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "0x08080808",
    "134744072",
    "93.184.215.14",
    "2606:4700:4700::1111",
    "[2a00:1450:4001:81c::200e]",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2001:0:808:808:8000:63bf:f7f7:f7f7",
  ])("%s", (text) => expect(refused(text)).toBeNull());

  it("opens an IPv4-mapped address as its IPv4 address", () => {
    expect(connectable(literalAddress("::ffff:8.8.8.8")!)).toEqual({ address: "8.8.8.8", family: 4 });
    expect(connectable(literalAddress("0x08080808")!)).toEqual({ address: "8.8.8.8", family: 4 });
    expect(connectable(literalAddress("[2606:4700::1]")!)).toEqual({ address: "2606:4700::1", family: 6 });
  });
});

describe("names", () => {
  it("takes host names and nothing a resolver would read its own way", () => {
    for (const ok of ["printer.lan", "smtp.example.com", "a", "x-1.y_2.test", "localhost"]) {
      expect(isHostName(ok), ok).toBe(true);
    }
    for (
      const bad of [
        "",
        "a..b",
        "-a.com",
        "a-.com",
        "exa mple.com",
        "shop.example/x",
        "1.2.3.4.5",
        "a.0x1f",
        "ü.de",
      ]
    ) {
      expect(isHostName(bad), bad).toBe(false);
    }
  });
});

describe("the operator's allowlist (EGRESS_ALLOW)", () => {
  const list = parseAllowList([
    "127.0.0.1",
    "10.0.0.0/8",
    " printer.lan ",
    "*.corp.example",
    "[::1]",
    "fd00::/8",
  ]);
  const allows = (text: string) => allowsAddress(list, literalAddress(text)!);

  it("allows its addresses and ranges, in any notation, and nothing else", () => {
    expect(["127.0.0.1", "2130706433", "127.1", "10.9.8.7", "0xa000001", "::1", "fd12::1"].map(allows))
      .toEqual([true, true, true, true, true, true, true]);
    expect(["127.0.0.2", "11.0.0.1", "::2", "fc00::1"].map(allows)).toEqual([false, false, false, false]);
    // An IPv4-mapped address is its IPv4 address.
    expect(allows("::ffff:10.1.1.1")).toBe(true);
  });

  it("allows its names and the subdomains of a `*.` entry", () => {
    expect(allowsName(list, "printer.lan")).toBe(true);
    expect(allowsName(list, "mail.corp.example")).toBe(true);
    expect(allowsName(list, "corp.example")).toBe(false);
    expect(allowsName(list, "other.lan")).toBe(false);
  });

  it("takes `*` for everything, and refuses an entry it cannot read", () => {
    expect(parseAllowList(["*"]).all).toBe(true);
    expect(parseAllowList([], true).all).toBe(true);
    for (const bad of ["10.0.0.0/33", "1.2.3.4/x", "::/129", "bad name!", "*.", "a/8"]) {
      expect(() => parseAllowList([bad]), bad).toThrow(/EGRESS_ALLOW/);
    }
  });
});
