/*
 * A network as an admin writes it in the settings ('10.20.0.0/16', '2001:db8::/48', or one address): checked
 * here, in the browser and the Lambda alike; the Lambda matches addresses against them (functions/lib/check-in/networks.ts).
 */

export interface Network {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether the text is an IPv6 address: the URL parser knows them all (compressed, with an IPv4 tail). */
function isIpv6(text: string): boolean {
  if (!/^[\da-f:.]+$/i.test(text) || !text.includes(':')) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

/** The network a text names, or null when it is not one (a prefix past the family's length, a host name). */
export function networkOf(text: string): Network | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const family = IPV4.test(address) ? 'ipv4' : isIpv6(address) ? 'ipv6' : null;
  if (!family) return null;
  const bits = family === 'ipv4' ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  return prefix <= bits ? { address, prefix, family } : null;
}
