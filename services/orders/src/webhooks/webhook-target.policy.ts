import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent. Outside local development (WEBHOOK_ALLOW_PRIVATE_TARGETS) only https, and never
 * an address inside the cluster or the machine: private, loopback, link-local, carrier-grade NAT, multicast,
 * reserved, or an IPv4 address mapped into IPv6. The delivery checks the addresses a name resolves to, at connect
 * time, so a name that later resolves somewhere private is refused too.
 */
const BLOCKED = new BlockList();
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
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, as text) is one a webhook may never reach outside local development. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4 address mapped into IPv6 (::ffff:a.b.c.d, ::ffff:7f00:1) is refused whatever it maps to: nothing public needs it.
    if (/^::ffff:/i.test(address)) return true;
    return BLOCKED.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or undefined when it is a name. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : undefined;
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
  const host = url.hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'The URL may not point at this machine.';
  const literal = literalAddress(url);
  if (literal && isPrivateAddress(literal)) return 'The URL may not point at a private, loopback or link-local address.';
  return undefined;
}
