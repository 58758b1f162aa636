// Which addresses the server may connect to (the egress policy's pure half; egress.ts resolves and
// connects). A host is read the way the system's resolver would read it: IPv4 in any of inet_aton's
// notations (127.1, 2130706433, 0x7f000001, 017700000001, 0x7f.1), IPv6 bracketed or not, with a zone id,
// with a dotted tail; anything else is a name. An address is public only when it is global unicast: not
// loopback, private, shared (CGNAT), link-local, unique-local, multicast, unspecified, broadcast, reserved or
// documentation, nor an IPv6 form that carries such an IPv4 address (mapped, compatible, NAT64, 6to4,
// Teredo). ipaddr.js knows the ranges; the IPv6 text is read by the URL parser, which reads `::1.2.3.4` as
// the RFC says (ipaddr.js takes it for an IPv4-mapped address).
import ipaddr from "ipaddr.js";

export type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Without brackets and, for a name, in lower case without the root's trailing dot. */
export function bareHost(host: string): string {
  const h = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return h.includes(":") ? h : h.toLowerCase().replace(/\.$/, "");
}

/** The address a host names literally, in whatever notation; null for a name (or nothing readable). */
export function literalAddress(host: string): Address | null {
  const h = bareHost(host);
  if (h.includes(":")) return ipv6(h);
  // inet_aton's forms: one to four parts, each decimal, octal (leading 0) or hex (0x); ipaddr.js reads
  // them alike (tests/…/address.test.ts holds it to what the system's resolver answers).
  return ipaddr.IPv4.isValid(h) ? ipaddr.IPv4.parse(h) : null;
}

function ipv6(text: string): ipaddr.IPv6 | null {
  const cut = text.indexOf("%");
  const [bare, zone] = cut < 0 ? [text, ""] : [text.slice(0, cut), text.slice(cut + 1)];
  if (cut >= 0 && !/^[0-9A-Za-z._~-]{1,64}$/.test(zone)) return null;
  let canonical: string;
  try {
    canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const parsed = ipaddr.IPv6.parse(canonical);
  if (zone) parsed.zoneId = zone;
  return parsed;
}

/** The IPv4 address in 32 bits of an IPv6 address, from the 16-bit part `at` on. */
function v4At(a: ipaddr.IPv6, at: number): ipaddr.IPv4 {
  const p = a.parts;
  return new ipaddr.IPv4([p[at] >> 8, p[at] & 0xff, p[at + 1] >> 8, p[at + 1] & 0xff]);
}

const inNet = (a: ipaddr.IPv6, net: string, bits: number) => a.match(ipaddr.IPv6.parse(net), bits);

/**
 * Why the server must not connect to an address, or null when it may: the range's name (`loopback`,
 * `private`, `linkLocal`, …), for IPv6 forms that carry an IPv4 address the form and the carried address's
 * range (`ipv4Mapped:loopback`).
 */
export function refusedRange(a: Address): string | null {
  if (a.kind() === "ipv4") {
    const range = a.range();
    return range === "unicast" ? null : range;
  }
  const v6 = a as ipaddr.IPv6;
  const carried = (form: string, ...v4s: ipaddr.IPv4[]) => {
    for (const v4 of v4s) {
      const why = refusedRange(v4);
      if (why) return `${form}:${why}`;
    }
    return null;
  };
  // ::/96 other than :: and ::1: the deprecated IPv4-compatible form; never a real destination.
  if (inNet(v6, "::", 96)) return v6.range() === "unicast" ? "ipv4Compatible" : v6.range();
  if (inNet(v6, "::ffff:0:0", 96)) return carried("ipv4Mapped", v4At(v6, 6));
  if (inNet(v6, "::ffff:0:0:0", 96)) return carried("ipv4Translated", v4At(v6, 6));
  if (inNet(v6, "64:ff9b::", 96)) return carried("nat64", v4At(v6, 6));
  // RFC 8215's local-use prefix is a site's own translator: inside by definition.
  if (inNet(v6, "64:ff9b:1::", 48)) return "nat64LocalUse";
  if (inNet(v6, "2002::", 16)) return carried("6to4", v4At(v6, 1));
  if (inNet(v6, "2001::", 32)) {
    // Teredo: the server's address, then the client's, which is stored inverted.
    const p = v6.parts;
    const client = new ipaddr.IPv4([
      (~p[6] >> 8) & 0xff,
      ~p[6] & 0xff,
      (~p[7] >> 8) & 0xff,
      ~p[7] & 0xff,
    ]);
    return carried("teredo", v4At(v6, 2), client);
  }
  // Only global unicast (2000::/3) reaches the internet; ipaddr.js names the special blocks inside it.
  if (!inNet(v6, "2000::", 3)) return v6.range() === "unicast" ? "notGlobal" : v6.range();
  const range = v6.range();
  return range === "unicast" ? null : range;
}

/** The address a socket is opened to: an IPv4-mapped one as its IPv4 address. */
export function connectable(a: Address): { address: string; family: 4 | 6 } {
  if (a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress()) {
    return { address: (a as ipaddr.IPv6).toIPv4Address().toString(), family: 4 };
  }
  return { address: a.toString(), family: a.kind() === "ipv4" ? 4 : 6 };
}

/** A host name a resolver may be asked for: labels of letters, digits, hyphens and underscores. */
export function isHostName(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split(".");
  // A last label of digits (or 0x…) is an address the resolver would read its own way, never a name.
  if (/^(\d+|0x[0-9a-f]*)$/.test(labels[labels.length - 1])) return false;
  return labels.every((l) => /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/.test(l));
}

/** `localhost` and its subdomains are the host itself (RFC 6761), whatever a resolver says. */
export const isLocalhostName = (name: string) => name === "localhost" || name.endsWith(".localhost");

/** The operator's allowlist (EGRESS_ALLOW): names (`*.` for subdomains), addresses and CIDR ranges. */
export interface AllowList {
  all: boolean;
  names: Set<string>;
  suffixes: string[];
  ranges: [Address, number][];
}

/** Reads the allowlist's entries; an entry it cannot read is an error at start-up, naming it. */
export function parseAllowList(entries: readonly string[], all = false): AllowList {
  const list: AllowList = { all, names: new Set(), suffixes: [], ranges: [] };
  for (const raw of entries.map((e) => e.trim()).filter(Boolean)) {
    if (raw === "*") {
      list.all = true;
      continue;
    }
    const slash = raw.lastIndexOf("/");
    if (slash > 0) {
      const base = literalAddress(raw.slice(0, slash));
      const bits = Number(raw.slice(slash + 1));
      const max = base?.kind() === "ipv4" ? 32 : 128;
      if (!base || !/^\d{1,3}$/.test(raw.slice(slash + 1)) || bits > max) {
        throw new Error(`EGRESS_ALLOW: "${raw}" is no address range`);
      }
      list.ranges.push([base, bits]);
      continue;
    }
    const address = literalAddress(raw);
    if (address) {
      list.ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
      continue;
    }
    const name = bareHost(raw);
    if (name.startsWith("*.") && isHostName(name.slice(2))) list.suffixes.push(name.slice(1));
    else if (isHostName(name)) list.names.add(name);
    else throw new Error(`EGRESS_ALLOW: "${raw}" is no host name, address or range`);
  }
  return list;
}

export function allowsName(list: AllowList, name: string): boolean {
  return list.all || list.names.has(name) || list.suffixes.some((s) => name.endsWith(s));
}

export function allowsAddress(list: AllowList, a: Address): boolean {
  if (list.all) return true;
  const forms: Address[] = [a];
  if (a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress()) {
    forms.push((a as ipaddr.IPv6).toIPv4Address());
  }
  return list.ranges.some(([net, bits]) => forms.some((f) => f.kind() === net.kind() && f.match(net, bits)));
}
