import { db } from '@functions/lib/db';

let injected = 0;

/**
 * Makes DynamoDB answer the error `name` to the commands `which` picks while `run` runs, past
 * the SDK's own retries, and removes the fault afterwards whatever happens. With `afterWrite`,
 * the command is carried out first and its answer lost: the caller sees a failure of a write
 * that happened (a timeout after the commit).
 */
export async function withDatabaseError<T>(
  name: string,
  which: (command: string) => boolean,
  run: () => Promise<T>,
  { afterWrite = false }: { afterWrite?: boolean } = {},
): Promise<T> {
  const fault = `injected-fault-${++injected}`;
  const error = () => Object.assign(new Error(`${name} (injected)`), { name, $fault: 'server' });
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const hit = which(String(context.commandName));
      if (hit && !afterWrite) throw error();
      const output = await next(args);
      if (hit) throw error();
      return output;
    },
    { step: 'initialize', name: fault },
  );
  try {
    return await run();
  } finally {
    db.middlewareStack.remove(fault);
  }
}

/**
 * Runs `first` and holds its first TransactWriteItems that `holds` picks (by the command's input)
 * until `between` has run to its end, then lets it go: the interleaving a race reaches only
 * sometimes, every time. Answers both results.
 */
export async function withWriteHeld<A, B>(
  holds: (input: Record<string, unknown>) => boolean,
  first: () => Promise<A>,
  between: () => Promise<B>,
): Promise<[A, B]> {
  const fault = `held-write-${++injected}`;
  let reached!: () => void;
  const heldAt = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (!held && context.commandName === 'TransactWriteItemsCommand' && holds(args.input as Record<string, unknown>)) {
        held = true;
        reached();
        await released;
      }
      return next(args);
    },
    { step: 'initialize', name: fault },
  );
  try {
    const firstDone = first();
    await Promise.race([heldAt, firstDone]);
    if (!held) throw new Error('withWriteHeld: the write to hold never came');
    const middle = await between();
    release();
    return [await firstDone, middle];
  } finally {
    release();
    db.middlewareStack.remove(fault);
  }
}
