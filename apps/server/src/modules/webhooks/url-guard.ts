import dns from 'node:dns';
import net from 'node:net';

/**
 * Where a webhook may be sent: a public address over https. The name is resolved and every address it resolves to
 * is checked, both when the endpoint is added and at each delivery, and the delivery connects to the address that
 * was checked (no second lookup a rebinding name could answer differently).
 */

/** Addresses never reachable from here by a webhook: private, shared, link-local (cloud metadata), multicast, reserved. */
const REFUSED = new net.BlockList();
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
  REFUSED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv6 address that carries an IPv4 one (`::ffff:10.0.0.1`, `::10.0.0.1`) is judged by the IPv4 address. */
function unwrap(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  if (net.isIPv4(address)) return { address, family: 'ipv4' };
  const mapped = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && net.isIPv4(mapped[1]!)) return { address: mapped[1]!, family: 'ipv4' };
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16);
    const lo = parseInt(hexMapped[2]!, 16);
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' };
  }
  return { address, family: 'ipv6' };
}

export function isLoopbackAddress(address: string): boolean {
  const a = unwrap(address);
  return LOOPBACK.check(a.address, a.family);
}

/** Whether a webhook may connect to this address (loopback only when allowed, for tests). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!net.isIP(address)) return false;
  if (allowLoopback && isLoopbackAddress(address)) return true;
  const a = unwrap(address);
  return !REFUSED.check(a.address, a.family);
}

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** How long a name may take to resolve before the address is refused. */
const RESOLVE_TIMEOUT_MS = 5000;

export const resolveWithDns: Resolve = (hostname) =>
  Promise.race([
    dns.promises.lookup(hostname, { all: true, verbatim: true }),
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('DNS timeout')), RESOLVE_TIMEOUT_MS).unref()),
  ]);

export type CheckedUrl = { url: URL; address: string; family: 4 | 6 };

export class RefusedUrl extends Error {}

/**
 * Checks a webhook URL and picks the address to connect to: https (or http to loopback when allowed), no
 * credentials in it, and every address of its name allowed. Throws RefusedUrl with the reason.
 */
export async function checkWebhookUrl(raw: string, options: { allowLoopback: boolean; resolve?: Resolve }): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl('The address is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedUrl('Only https:// addresses can receive webhooks');
  if (url.username || url.password) throw new RefusedUrl('The address must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await (options.resolve ?? resolveWithDns)(host);
    } catch {
      throw new RefusedUrl(`The name ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new RefusedUrl(`The name ${host} could not be resolved`);
  }
  const refused = addresses.find((a) => !isAllowedAddress(a.address, options.allowLoopback));
  if (refused) throw new RefusedUrl(`${host} resolves to ${refused.address}, a private, loopback or reserved address`);
  const loopbackOnly = addresses.every((a) => isLoopbackAddress(a.address));
  if (url.protocol === 'http:' && !(options.allowLoopback && loopbackOnly)) throw new RefusedUrl('Only https:// addresses can receive webhooks');
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
