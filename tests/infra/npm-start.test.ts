import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@infra/local/free-port';
import { cookieHeader } from '../support/stack';
import { listeningSockets } from './listening-sockets';

// `npm start` as a newcomer runs it: a real process with its own DynamoDB Local.
const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const running: ChildProcess[] = [];

/** The environment of a newcomer's shell: none of this test run's table, key or endpoint. */
function withoutTestSettings(): NodeJS.ProcessEnv {
  const { TABLE_NAME: _t, JWT_SECRET: _j, DYNAMODB_ENDPOINT: _d, DEMO_MODE: _m, ...env } = process.env;
  return env;
}

interface Started {
  child: ChildProcess;
  url: string;
  dynamoPort: number;
  /** The mail catcher's inbox page (its REST API under it). */
  inboxUrl: string;
  output: () => string;
}

async function startStack(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const child = spawn(TSX, ['infra/local/start.ts', ...args], {
    cwd: ROOT,
    env: { ...withoutTestSettings(), PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack did not start:\n${output}`)), 90_000);
    child.stdout!.on('data', () => {
      if (output.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`stack exited:\n${output}`));
    });
  });
  const dynamoPort = Number(/DynamoDB Local: http:\/\/127\.0\.0\.1:(\d+)/.exec(output)![1]);
  const inboxUrl = /Mail catcher: every email SAMS sends lands in (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
  return { child, url: `http://localhost:${port}`, dynamoPort, inboxUrl, output: () => output };
}

async function stopStack(stack: Started, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => stack.child.once('exit', (code) => resolve(code)));
  stack.child.kill(signal);
  return exited;
}

/** Writes raw bytes to the server and returns the first chunk of its answer. */
const rawRequest = (port: number, bytes: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.once('data', (chunk) => (socket.destroy(), resolve(chunk.toString())));
    socket.once('error', reject);
  });

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function loginAs(url: string, email: string, password: string) {
  return fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

// SIGTERM, not SIGKILL: a killed stack could not stop its DynamoDB Local.
afterAll(async () => {
  await Promise.all(
    running
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))),
  );
});

describe('npm start', () => {
  // Two stacks side by side, started at once: a throwaway one and one keeping its data in a directory.
  const dataDir = mkdtempSync(join(tmpdir(), 'sams-data-'));
  let inMemory: Started;
  let kept: Started;
  beforeAll(async () => {
    [inMemory, kept] = await Promise.all([startStack(['--in-memory']), startStack([], { SAMS_DATA_DIR: dataDir })]);
  }, 120_000);

  it('listens on loopback only: its server, DynamoDB Local, and the mail catcher’s inbox and SMTP ports', () => {
    const sockets = listeningSockets(inMemory.child.pid!);
    const smtpPort = Number(/--smtp smtp:\/\/127\.0\.0\.1:(\d+)/.exec(inMemory.output())![1]);
    const started = [new URL(inMemory.url).port, inMemory.dynamoPort, new URL(inMemory.inboxUrl).port, smtpPort].map(Number);
    expect(sockets.map((socket) => socket.port)).toEqual(expect.arrayContaining(started));
    expect(sockets.filter((socket) => !socket.loopback)).toEqual([]);
  });

  it('prints a command for one alert job that runs against this very stack', async () => {
    const printed = /one by hand: (npm run jobs -- .*)$/m.exec(inMemory.output())![1]!;
    const line = printed.replace('<not-marked|below-threshold|absence-streak>', 'not-marked');
    const {
      AWS_REGION: _r,
      AWS_ACCESS_KEY_ID: _k,
      AWS_SECRET_ACCESS_KEY: _s,
      SMTP_URL: _u,
      MAIL_ENABLED: _e,
      ...env
    } = withoutTestSettings();
    const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile('sh', ['-c', line], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? null) : 0, output: stdout + stderr }),
      );
    });
    expect(run).toEqual({
      code: 0,
      output: expect.stringMatching(/^not-marked \(\d{4}-\d{2}-\d{2}\): /m),
    });
  }, 90_000);

  it('serves the web app and the API on one origin, with the demo accounts and their hint, and survives a malformed request line', async () => {
    const stack = inMemory;
    const page = await fetch(`${stack.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const config = await (await fetch(`${stack.url}/api/v1/config`)).json();
    expect(config.data.demo.accounts).toContainEqual({ email: 'admin@sams.local', password: 'Admin@12345', role: 'admin' });
    const admin = await loginAs(stack.url, 'admin@sams.local', 'Admin@12345');
    expect(admin.status).toBe(200);
    expect((await admin.json()).data.role).toBe('admin');
    const faculty = await loginAs(stack.url, 'faculty@sams.local', 'Faculty@12345');
    expect((await faculty.json()).data.role).toBe('faculty');
    // The mail catcher's inbox, on loopback: its page and the REST API the tests read mails with.
    expect(stack.output()).toMatch(/Alert jobs: every 60 s; one by hand: npm run jobs -- .* --smtp smtp:\/\/127\.0\.0\.1:\d+/);
    expect((await fetch(stack.inboxUrl)).status).toBe(200);
    expect(await (await fetch(`${stack.inboxUrl}/email`)).json()).toEqual(expect.any(Array));
    // A malformed request line answers 400, and the server keeps serving.
    const port = Number(new URL(stack.url).port);
    for (const line of ['GET http://[/ HTTP/1.1', 'GET //[ HTTP/1.1', 'BREW /coffee\u0000 HTTP/1.1']) {
      expect(await rawRequest(port, `${line}\r\nHost: localhost\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect((await fetch(`${stack.url}/login`)).status).toBe(200);

    // The other stack runs side by side: its own ports, its own DynamoDB Local.
    expect(kept.dynamoPort).not.toBe(stack.dynamoPort);
    expect(new URL(kept.url).port).not.toBe(new URL(stack.url).port);

    expect(await stopStack(stack)).toBe(0);
    expect(await portOpen(stack.dynamoPort)).toBe(false);
    expect(await portOpen(Number(new URL(stack.inboxUrl).port))).toBe(false);
  }, 240_000);

  it('keeps data between runs in its data directory, and seeds only once; killed, it takes DynamoDB Local with it', async () => {
    const first = kept;
    const login = await loginAs(first.url, 'admin@sams.local', 'Admin@12345');
    const cookie = cookieHeader(login.headers.getSetCookie());
    const created = await fetch(`${first.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ email: 'kept@college.test', password: 'Stays-put-79', username: 'Kept', role: 'faculty' }),
    });
    expect(created.status).toBe(201);
    expect(await stopStack(first, 'SIGINT')).toBe(0);
    expect(await portOpen(first.dynamoPort)).toBe(false);

    const second = await startStack([], { SAMS_DATA_DIR: dataDir });
    expect((await loginAs(second.url, 'kept@college.test', 'Stays-put-79')).status).toBe(200);
    // The session from the first run is still valid: the signing key persisted too.
    const status = await fetch(`${second.url}/api/v1/auth/currentstatus`, { headers: { cookie } });
    expect(status.status).toBe(200);
    const users = await (await fetch(`${second.url}/api/v1/user`, { headers: { cookie } })).json();
    expect(users.data.filter((user: { email: string }) => user.email === 'admin@sams.local')).toHaveLength(1);

    // Killed outright (SIGKILL leaves no handler to run), the server takes DynamoDB Local with it: the watchdog sees its stdin close and ends Java.
    const server = execFileSync('pgrep', ['-P', String(second.child.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    for (const pid of server) process.kill(Number(pid), 'SIGKILL');
    await expect.poll(() => portOpen(second.dynamoPort), { timeout: 15_000 }).toBe(false);
  }, 240_000);

  it('says in one sentence what to install when Java is missing', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'sams-nojava-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const child = spawn(TSX, ['infra/local/start.ts', '--in-memory'], {
      cwd: ROOT,
      env: { ...withoutTestSettings(), PATH: bin, PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/DynamoDB Local needs Java 17 or newer and `java` was not found: install a JRE/);
  });
});
