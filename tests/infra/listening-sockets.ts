import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A TCP socket listening for connections: its local address as /proc/net shows it (hex) and its port. */
export interface ListeningSocket {
  address: string;
  port: number;
  loopback: boolean;
}

// 127.0.0.1, ::1 and ::ffff:127.0.0.1 as /proc/net/tcp and tcp6 spell them (32-bit words in host order).
const LOOPBACK = new Set(['0100007F', '00000000000000000000000001000000', '0000000000000000FFFF00000100007F']);
const LISTEN = '0A';

/** The process and every process under it, from /proc. */
function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap(processTree)];
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** Every TCP socket a process and its descendants listen on (Linux: /proc/net/tcp and tcp6). */
export function listeningSockets(pid: number): ListeningSocket[] {
  const inodes = new Set(processTree(pid).flatMap((each) => [...socketInodes(each)]));
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === LISTEN && inodes.has(fields[9]!))
      .map((fields) => {
        const [address, port] = fields[1]!.split(':') as [string, string];
        return { address, port: parseInt(port, 16), loopback: LOOPBACK.has(address) };
      }),
  );
}
