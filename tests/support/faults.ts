import { db } from '@functions/lib/db';

let injected = 0;

/**
 * Makes DynamoDB answer the error `name` to the commands `which` picks while `run` runs, past
 * the SDK's own retries, and removes the fault afterwards whatever happens.
 */
export async function withDatabaseError<T>(name: string, which: (command: string) => boolean, run: () => Promise<T>): Promise<T> {
  const fault = `injected-fault-${++injected}`;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (which(String(context.commandName))) throw Object.assign(new Error(`${name} (injected)`), { name, $fault: 'server' });
      return next(args);
    },
    { step: 'initialize', name: fault },
  );
  try {
    return await run();
  } finally {
    db.middlewareStack.remove(fault);
  }
}
