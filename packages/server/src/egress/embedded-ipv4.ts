// The IPv4 addresses an IPv6 address carries (mapped, compatible, translated, NAT64, 6to4, Teredo, ISATAP).

export interface CarriedIpv4 {
  /** Each IPv4 address the IPv6 one carries, or may carry; every one must be public for the address to be. */
  addresses: Uint8Array[];
  /** The IPv6 prefix is an ordinary one and is judged too (ISATAP on a global or link-local prefix). */
  judgePrefix: boolean;
  /** The IPv6 address only spells the IPv4 one (no tunnel endpoint of its own): an allowed IPv4 range admits it. */
  spelling: boolean;
}

const zeros = (bytes: Uint8Array, from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * What a 16-byte address carries, or undefined when it carries no IPv4 address (`::` and `::1` are
 * IPv6's own unspecified and loopback addresses, not IPv4-compatible ones).
 */
export function carriedIpv4(bytes: Uint8Array): CarriedIpv4 | undefined {
  const last4 = () => bytes.slice(12, 16);
  const spelled = (addresses: Uint8Array[]) => ({ addresses, judgePrefix: false, spelling: true });
  // ::ffff:a.b.c.d, IPv4-mapped (RFC 4291).
  if (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return spelled([last4()]);
  // ::a.b.c.d, IPv4-compatible (deprecated, RFC 4291), but not :: or ::1.
  if (zeros(bytes, 0, 12))
    return zeros(bytes, 12, 15) && (bytes[15] ?? 0) <= 1 ? undefined : spelled([last4()]);
  // ::ffff:0:a.b.c.d, IPv4-translated (SIIT, RFC 7915).
  if (zeros(bytes, 0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(bytes, 10, 12))
    return spelled([last4()]);
  // 64:ff9b::/96, NAT64's well-known prefix: /96 only (RFC 6052).
  if (startsWith(bytes, 0x00, 0x64, 0xff, 0x9b) && zeros(bytes, 4, 12)) return spelled([last4()]);
  // 64:ff9b:1::/48, NAT64's local-use prefix (RFC 8215): its length is the operator's choice.
  if (startsWith(bytes, 0x00, 0x64, 0xff, 0x9b, 0x00, 0x01)) {
    const readings = localNat64Readings(bytes);
    return readings.length > 0 ? spelled(readings) : undefined;
  }
  // 2001:0::/32, Teredo (RFC 4380): the server, and the client with its bits inverted.
  if (startsWith(bytes, 0x20, 0x01, 0x00, 0x00)) {
    const client = last4().map((b) => b ^ 0xff);
    return { addresses: [bytes.slice(4, 8), client], judgePrefix: false, spelling: false };
  }
  const addresses: Uint8Array[] = [];
  let judgePrefix = true;
  let spelling = true;
  // 2002:a.b.c.d::/48, 6to4 (RFC 3056): the prefix is the IPv4 address.
  if (startsWith(bytes, 0x20, 0x02)) {
    addresses.push(bytes.slice(2, 6));
    judgePrefix = false;
  }
  // <prefix>:0:5efe:a.b.c.d or <prefix>:200:5efe:a.b.c.d, ISATAP (RFC 5214), on any /64.
  if (
    (bytes[8] === 0x00 || bytes[8] === 0x02) &&
    bytes[9] === 0 &&
    bytes[10] === 0x5e &&
    bytes[11] === 0xfe
  ) {
    addresses.push(last4());
    spelling = false;
  }
  return addresses.length > 0 ? { addresses, judgePrefix, spelling } : undefined;
}

/**
 * Every RFC 6052 reading (prefix /48, /56, /64 or /96) the address allows: bits 64–71 are zero in each
 * format and the suffix after the IPv4 address is zero. The platform cannot know which length the
 * network uses, so each possible reading must be public (a /96 reading is always possible).
 */
function localNat64Readings(bytes: Uint8Array): Uint8Array[] {
  if (bytes[8] !== 0) return [];
  const at = (...indexes: number[]) => Uint8Array.from(indexes.map((i) => bytes[i] ?? 0));
  const readings: Uint8Array[] = [];
  if (zeros(bytes, 11, 16)) readings.push(at(6, 7, 9, 10));
  if (zeros(bytes, 12, 16)) readings.push(at(7, 9, 10, 11));
  if (zeros(bytes, 13, 16)) readings.push(at(9, 10, 11, 12));
  readings.push(bytes.slice(12, 16));
  return readings;
}
