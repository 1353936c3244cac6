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
