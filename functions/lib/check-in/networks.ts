import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { networkOf } from '@shared/networks';

/**
 * Whether a check-in's address is outside the college's networks (a setting, docs/product.md §2.18): never when
 * the college lists none; always when the address is unknown. An IPv4 address written as IPv6 ('::ffff:10.0.0.5')
 * is matched as IPv4.
 */
export function outsideNetworks(networks: readonly string[], address: string | undefined): boolean {
  if (networks.length === 0) return false;
  const ip = address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!ip || !(isIPv4(ip) || isIPv6(ip))) return true;
  const list = new BlockList();
  for (const text of networks) {
    const network = networkOf(text);
    if (network) list.addSubnet(network.address, network.prefix, network.family);
  }
  return !list.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
}
