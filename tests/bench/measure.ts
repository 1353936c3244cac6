import { performance } from 'node:perf_hooks';
import { db } from '@functions/lib/db';

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** Per-request DynamoDB accounting: requests, milliseconds spent waiting on them, consumed capacity. */
export interface DbUsage {
  requests: number;
  byCommand: Record<string, number>;
  /** Wall time with at least one request in flight (requests sent side by side count once). */
  ms: number;
  readUnits: number;
  writeUnits: number;
}

let current: DbUsage | null = null;
let inFlight = 0;
let busySince = 0;

/** Installs the SDK middleware that fills `current` (once per process). */
export function installDbMeter(): void {
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const usage = current;
      if (!usage) return next(args);
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      if (inFlight++ === 0) busySince = performance.now();
      let result;
      try {
        result = await next(args);
      } finally {
        if (--inFlight === 0) usage.ms += performance.now() - busySince;
      }
      usage.requests += 1;
      const name = String(context.commandName).replace(/Command$/, '');
      usage.byCommand[name] = (usage.byCommand[name] ?? 0) + 1;
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
        const c = entry as { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };
        if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
          usage.readUnits += c.ReadCapacityUnits ?? 0;
          usage.writeUnits += c.WriteCapacityUnits ?? 0;
        } else if (/Get|Query|Scan/.test(name)) usage.readUnits += c.CapacityUnits ?? 0;
        else usage.writeUnits += c.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'bench-meter' },
  );
}

/** Runs `work` with DynamoDB usage recorded; requests in `work` must not overlap others'. */
export async function metered<T>(work: () => Promise<T>): Promise<{ result: T; usage: DbUsage; ms: number }> {
  const usage: DbUsage = { requests: 0, byCommand: {}, ms: 0, readUnits: 0, writeUnits: 0 };
  current = usage;
  const started = performance.now();
  try {
    const result = await work();
    return { result, usage, ms: performance.now() - started };
  } finally {
    current = null;
  }
}

/** Runs `tasks` with at most `limit` in flight. */
export async function inParallel<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

/** GET `path` `runs` times after 2 warm-up requests: the times (ms), and the last answer and its DynamoDB requests. */
export async function timedGets(
  call: (method: string, path: string) => Promise<{ data: unknown }>,
  path: string,
  runs: number,
): Promise<{ times: number[]; data: unknown; requests: number }> {
  const times: number[] = [];
  let last = { data: null as unknown, requests: 0 };
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const { result, usage } = await metered(() => call('GET', path));
    if (i >= 2) times.push(performance.now() - started);
    last = { data: result.data, requests: usage.requests };
  }
  return { times, ...last };
}
