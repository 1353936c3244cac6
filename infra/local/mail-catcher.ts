import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startOnFreePorts, type ExitedAtStart } from './free-port';

/**
 * The local mail catcher (docs/product.md §10): maildev on loopback, on free ports (so two stacks
 * run side by side), its mails in a scratch folder removed at stop. Every email the alert jobs
 * send with `npm start` or in tests lands here; its inbox page is `inboxUrl`, its REST API
 * (`GET /email`, `DELETE /email/all`) what tests read the mails back with.
 */
export interface MailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  stop(): Promise<void>;
}

/** A mail as maildev's REST API answers it (the fields SAMS reads). */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
}

const MAILDEV = createRequire(import.meta.url).resolve('maildev/bin/maildev');
/** Loads maildev's command line (argv[1], as if it were the script) and exits when stdin ends. */
const WATCHDOG = "process.stdin.on('end', () => process.exit(0)).resume(); require(process.argv[1]);";

/** Starts maildev on two free ports (again on others when one was taken meanwhile). */
export const startMailCatcher = (): Promise<MailCatcher> => startOnFreePorts('The mail catcher (maildev)', startMaildev);

async function startMaildev(): Promise<MailCatcher | ExitedAtStart> {
  const smtpPort = await freePort();
  let webPort = await freePort();
  while (webPort === smtpPort) webPort = await freePort();
  const mailDir = mkdtempSync(join(tmpdir(), 'sams-mail-'));
  // Both listeners on loopback: --ip is the SMTP one's address, --web-ip the inbox's.
  const loopback = ['--ip', '127.0.0.1', '--web-ip', '127.0.0.1'];
  const args = ['--smtp', String(smtpPort), '--web', String(webPort), ...loopback, '--mail-directory', mailDir, '--silent'];
  // maildev runs under a watchdog: it exits when our end of its stdin closes, so it never outlives this
  // process, even one killed with SIGKILL.
  const child = spawn(process.execPath, ['-e', WATCHDOG, MAILDEV, ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
    env: withoutMaildevSettings(),
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors = (errors + chunk).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin!.end();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(mailDir, { recursive: true, force: true });
  };
  const inboxUrl = `http://127.0.0.1:${webPort}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(mailDir, { recursive: true, force: true });
      return { exitedAtStart: `exit code ${child.exitCode}: ${errors.trim() || 'no message'}` };
    }
    try {
      if ((await fetch(`${inboxUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The mail catcher (maildev) did not start within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, inboxUrl, stop };
}

/** The shell's MAILDEV_* variables would set maildev's options (a relay out, another address): only ours apply. */
const withoutMaildevSettings = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MAILDEV_')));

/** Every mail the catcher holds, oldest first. */
export async function caughtMails(inboxUrl: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inboxUrl}/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** The catcher's mails once it holds at least `count` (it stores each shortly after accepting it), within 10 s. */
export async function waitForMails(inboxUrl: string, count: number): Promise<CaughtMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await caughtMails(inboxUrl);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function clearMails(inboxUrl: string): Promise<void> {
  await fetch(`${inboxUrl}/email/all`, { method: 'DELETE' });
}

/** What the alert jobs' mailer needs to send to the catcher (functions/lib/alerts/mailer.ts). */
export function useMailCatcherEnvironment(catcher: MailCatcher, from = 'alerts@sams.local'): void {
  process.env.MAIL_ENABLED = 'true';
  process.env.MAIL_FROM = from;
  process.env.SMTP_URL = catcher.smtpUrl;
}
