import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startOnFreePorts, type ExitedAtStart } from './free-port';

/**
 * The local S3 server for attachments (docs/operations.md): s3rver on loopback, on a free port (so
 * two stacks run side by side), with its one bucket made at start and its files in a scratch folder
 * removed at stop. Unlike s3rver alone it checks a browser upload's POST policy as S3 does
 * (s3-server-process.ts), so a file too large or of another type is refused here too.
 */
export interface S3Server {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

export const LOCAL_ATTACHMENTS_BUCKET = 'sams-attachments';

/** The key pair the server accepts: the same dummies DynamoDB Local is given (dynamodb-local.ts). */
const localCredentials = () => ({
  accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'local',
  secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
});

const PROCESS_SCRIPT = new URL('./s3-server-process.ts', import.meta.url).pathname;
/** The project's root, where `--import tsx` finds tsx whichever folder the parent was started in. */
const ROOT = new URL('../../', import.meta.url).pathname;
/** Runs the server script (argv[1]) and exits when stdin ends. */
const WATCHDOG =
  "process.stdin.on('end', () => process.exit(0)).resume(); import(require('node:url').pathToFileURL(process.argv[1]).href).catch((e) => { console.error(e); process.exit(1); });";

/** Starts the server on a free port (again on another when it was taken meanwhile). */
export const startS3Server = (): Promise<S3Server> => startOnFreePorts('The local S3 server (s3rver)', startS3rver);

async function startS3rver(): Promise<S3Server | ExitedAtStart> {
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'sams-s3-'));
  const bucket = LOCAL_ATTACHMENTS_BUCKET;
  const { accessKeyId, secretAccessKey } = localCredentials();
  // Under a watchdog, as the mail catcher: it exits when our end of its stdin closes, so it never
  // outlives this process, even one killed with SIGKILL.
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', WATCHDOG, PROCESS_SCRIPT, String(port), directory, bucket], {
    cwd: ROOT,
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, S3_SERVER_ACCESS_KEY_ID: accessKeyId, S3_SERVER_SECRET_ACCESS_KEY: secretAccessKey },
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors = (errors + chunk).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin!.end();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  };
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(directory, { recursive: true, force: true });
      return { exitedAtStart: `exit code ${child.exitCode}: ${errors.trim() || 'no message'}` };
    }
    try {
      // An anonymous read of the bucket's CORS rule: 200 once the server listens and the bucket is made.
      if ((await fetch(`${endpoint}/${bucket}?cors`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The local S3 server (s3rver) did not start within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { endpoint, bucket, stop };
}

/** What functions/lib/attachments/storage.ts needs to use the server (and the SDK to sign for it). */
export function useS3ServerEnvironment(server: S3Server): void {
  const { accessKeyId, secretAccessKey } = localCredentials();
  process.env.ATTACHMENTS_BUCKET = server.bucket;
  process.env.S3_ENDPOINT = server.endpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = secretAccessKey;
}
