import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent. Outside local development (WEBHOOK_ALLOW_PRIVATE_TARGETS) only https, and never
 * an address inside the cluster or the machine: private, loopback, link-local, carrier-grade NAT, multicast,
 * reserved, or an IPv6 address that carries an IPv4 one (mapped, compatible, translated, 6to4, NAT64, Teredo:
 * whatever it embeds, nothing public needs them). The delivery checks the addresses a name resolves to, at
 * connect time, so a name that later resolves somewhere private is refused too.
 */
// One list per family: a BlockList checks an IPv4 address against its IPv6 rules too (as ::a.b.c.d), and ::/96 is one.
const BLOCKED = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::a.b.c.d)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (RFC 2765)
  ['64:ff9b::', 96], // NAT64 (RFC 6052)
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['2001::', 32], // Teredo
  ['2002::', 16], // 6to4
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_V6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, as text) is one a webhook may never reach outside local development. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4 address mapped into IPv6 (::ffff:a.b.c.d, ::ffff:7f00:1) is refused whatever it maps to: nothing public
    // needs it (BlockList checks a mapped address against the IPv4 rules only, hence the explicit test).
    if (/^::ffff:/i.test(address)) return true;
    return BLOCKED_V6.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or undefined when it is a name. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : undefined;
}

/** `localhost` and its subdomains, in any case and with or without the trailing dot of a fully qualified name. */
export function isLocalName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * Why a subscription URL is refused when it is saved, or undefined when it may be saved. Names are resolved
 * only when delivering; here the scheme, credentials and literal addresses (and `localhost`) are checked.
 */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | undefined {
  const url = new URL(value);
  if (url.username || url.password) return 'The URL may not carry a user name or password.';
  if (allowPrivate) return undefined;
  if (url.protocol !== 'https:') return 'The URL must use https.';
  if (isLocalName(url.hostname)) return 'The URL may not point at this machine.';
  const literal = literalAddress(url);
  if (literal && isPrivateAddress(literal)) return 'The URL may not point at a private, loopback or link-local address.';
  return undefined;
}
