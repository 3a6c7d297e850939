import dns from 'node:dns';
import net from 'node:net';
import { invalid } from '../../lib/app-error.ts';

/** Where a webhook may not call (SSRF): private, loopback, link-local and other non-public ranges. */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv6');

/** Whether `ip` is an address a webhook may not reach (an IPv4-mapped IPv6 address counts as its IPv4). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : undefined;
  return family ? BLOCKED.check(ip, family) : true;
}

export class BlockedAddress extends Error {
  constructor(readonly address: string) {
    super(`refused to connect to the non-public address ${address}`);
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The URL an endpoint may be registered with, or a 422 naming `url`: http(s) only, https unless
 * `allowPrivate`, and a host that resolves to public addresses only (unless `allowPrivate`). The
 * same check runs again at each delivery (`guardedLookup`), as DNS may have changed since.
 */
export async function assertWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid({ url: ['webhooks.url_invalid'] });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid({ url: ['webhooks.url_scheme'] });
  if (url.username || url.password) throw invalid({ url: ['webhooks.url_invalid'] });
  if (allowPrivate) return url.toString();
  if (url.protocol !== 'https:') throw invalid({ url: ['webhooks.url_scheme'] });
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = net.isIP(host)
      ? [host]
      : (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw invalid({ url: ['webhooks.url_unresolved'] });
  }
  if (!addresses.length || addresses.some(isPrivateAddress)) throw invalid({ url: ['webhooks.url_private'] });
  return url.toString();
}

/**
 * A `lookup` for http(s).request that refuses a host resolving to any non-public address: the
 * check is on the very addresses the connection is made to, so a DNS answer changed between a
 * check and the connection (rebinding) cannot slip through.
 */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const blocked = list.find((a) => isPrivateAddress(a.address));
    if (blocked || !list.length) return callback(new BlockedAddress(blocked?.address ?? hostname), '', 0);
    if ((options as dns.LookupOptions).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** Whether a delivery to `url` is refused before connecting: a literal non-public IP, or a scheme not allowed. */
export function refusedBeforeConnecting(url: URL, allowPrivate: boolean): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `scheme ${url.protocol} is not allowed`;
  if (allowPrivate) return undefined;
  if (url.protocol !== 'https:') return 'only https is allowed';
  const host = hostOf(url);
  if (net.isIP(host) && isPrivateAddress(host)) return new BlockedAddress(host).message;
  return undefined;
}
