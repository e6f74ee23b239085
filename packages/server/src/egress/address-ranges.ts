// Classifies an IP address: public, or the special-purpose range (private, loopback, ...) that makes it unsafe.
import { isIP } from 'node:net';
import type { CidrRange } from '../config/egress.js';
import { carriedIpv4 } from './embedded-ipv4.js';

export type AddressClass =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'unique_local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'not_an_ip';

interface Range {
  bytes: Uint8Array;
  prefix: number;
  class: AddressClass;
}

// IANA IPv4 and IPv6 special-purpose registries. Order matters only for the name a range reports.
const ipv4Ranges: Array<[string, AddressClass]> = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link_local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

const ipv6Ranges: Array<[string, AddressClass]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'reserved'],
  ['100::/64', 'reserved'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  // Teredo, ORCHID and the rest of the IETF protocol block: tunnels and identifiers, never an origin.
  ['2001::/23', 'reserved'],
  ['5f00::/16', 'reserved'],
  ['fc00::/7', 'unique_local'],
  ['fe80::/10', 'link_local'],
  ['fec0::/10', 'reserved'],
  ['ff00::/8', 'multicast'],
];

const v4 = ipv4Ranges.map(([cidr, cls]) => toRange(cidr, cls));
const v6 = ipv6Ranges.map(([cidr, cls]) => toRange(cidr, cls));
const globalUnicast = toRange('2000::/3', 'reserved');

/** The bytes of an IPv4 or IPv6 address (zone id ignored); undefined when the text is not an address. */
export function addressBytes(address: string): Uint8Array | undefined {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return Uint8Array.from(bare.split('.').map(Number));
  if (family === 6) return ipv6Bytes(bare);
  return undefined;
}

/**
 * Why an address must not be reached, or undefined for a public one. IPv6 forms that carry an IPv4
 * address (mapped, compatible, translated, NAT64, 6to4, Teredo, ISATAP: embedded-ipv4.ts) are judged
 * by every address they carry, and ISATAP by its IPv6 prefix too.
 */
export function addressClass(address: string): AddressClass | undefined {
  const bytes = addressBytes(address);
  if (!bytes) return 'not_an_ip';
  return classOfBytes(bytes);
}

function classOfBytes(bytes: Uint8Array): AddressClass | undefined {
  if (bytes.length === 4) return v4.find((r) => inRange(bytes, r))?.class;
  const carried = carriedIpv4(bytes);
  if (carried) {
    for (const ipv4 of carried.addresses) {
      const problem = classOfBytes(ipv4);
      if (problem) return problem;
    }
    if (!carried.judgePrefix) return undefined;
  }
  const special = v6.find((r) => inRange(bytes, r));
  if (special) return special.class;
  // Everything public in IPv6 today lies in 2000::/3; the rest is unassigned or special.
  return inRange(bytes, globalUnicast) ? undefined : 'reserved';
}

/**
 * A test for "the address lies in one of these ranges"; an IPv6 address that only spells an IPv4 one
 * (mapped, NAT64...) also when every IPv4 address it may carry does. Tunnels (Teredo, ISATAP) only by
 * their IPv6 address.
 */
export function rangeMatcher(cidrs: readonly CidrRange[]): (address: string) => boolean {
  const ranges = cidrs.map((cidr) => toRange(`${cidr.address}/${cidr.prefix}`, 'reserved'));
  const inAny = (bytes: Uint8Array) => ranges.some((r) => inRange(bytes, r));
  return (address) => {
    if (ranges.length === 0) return false;
    const bytes = addressBytes(address);
    if (!bytes) return false;
    if (inAny(bytes)) return true;
    const carried = bytes.length === 16 ? carriedIpv4(bytes) : undefined;
    return carried?.spelling === true && carried.addresses.every(inAny);
  };
}

function inRange(bytes: Uint8Array, range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

function toRange(cidr: string, cls: AddressClass): Range {
  const [address = '', prefix = ''] = cidr.split('/');
  const bytes = addressBytes(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, prefix: Number(prefix), class: cls };
}

function ipv6Bytes(address: string): Uint8Array {
  let text = address.toLowerCase();
  const tail: number[] = [];
  // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad?.[1]) {
    tail.push(...quad[1].split('.').map(Number));
    text = text.slice(0, -quad[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const fill = 8 - tail.length / 2 - left.length - right.length;
  const words = [...left, ...new Array<number>(rest === undefined ? 0 : fill).fill(0), ...right];
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8;
    bytes[i * 2 + 1] = word & 0xff;
  });
  bytes.set(tail, 12);
  return bytes;
}
