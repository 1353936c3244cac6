import { networkInterfaces } from 'node:os';

/**
 * The Host names the local server answers (a defence against DNS rebinding, as Vite's
 * `server.allowedHosts`): loopback names, the address it is bound to, every address of this
 * machine when bound to all of them (HOST=0.0.0.0, for phones on the network), and the names in
 * SAMS_ALLOWED_HOSTS (comma-separated, for a name the machine is reached by).
 */
export function allowedHostNames(boundHost: string, configured = process.env.SAMS_ALLOWED_HOSTS ?? ''): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '::1', boundHost.toLowerCase()]);
  if (boundHost === '0.0.0.0' || boundHost === '::') {
    for (const addresses of Object.values(networkInterfaces())) for (const { address } of addresses ?? []) names.add(address.toLowerCase());
  }
  for (const name of configured.split(',')) if (name.trim()) names.add(name.trim().toLowerCase());
  return names;
}

const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i;

/** The host name of a Host header (port and IPv6 brackets removed), or null when it is missing or malformed. */
export function hostNameOf(host: string | undefined): string | null {
  const match = HOST_HEADER.exec(host ?? '');
  return match ? (match[1] ?? match[2]!).toLowerCase() : null;
}
