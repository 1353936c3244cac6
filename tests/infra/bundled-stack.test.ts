import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@functions/lib/auth/password';
import { createUser } from '@functions/lib/repositories/users';
import { bundledHandlers, findBundles } from '@infra/local/bundled-handlers';
import { startLocalStack, type LocalStack } from '@infra/local/local-stack';
import { RESOURCES, type Resource } from '@shared/routes';
import { BUDGETS } from '../bench/report';
import { cookieHeader } from '../support/stack';
import { dynamoEndpoint } from '@tests/support/dynamo';

// The real `cdk synth` (the CLI, offline, no AWS credentials), then the local stack on the
// bundles it made: what deploys is what runs here.
const ROOT = new URL('../../', import.meta.url).pathname;
const CDK = join(ROOT, 'node_modules', '.bin', 'cdk');

let assemblyDir: string;
let stack: LocalStack;
const scratch: string[] = [];
const scratchDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
const loaded: Resource[] = [];

/** A shell with no AWS settings at all (and a home without ~/.aws), as on a fresh machine. */
function withoutAwsSettings(home: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(AWS_|CDK_)/.test(name) && !['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'JWT_SECRET'].includes(name),
    ),
  );
  return { ...env, HOME: home, CDK_DISABLE_CLI_TELEMETRY: 'true' };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

beforeAll(async () => {
  const webDir = scratchDir('sams-web-');
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>SAMS</title>');
  assemblyDir = scratchDir('sams-cdk-out-');
  const home = scratchDir('sams-home-');
  await run(CDK, ['synth', '--quiet', '-c', `webDir=${webDir}`, '-o', assemblyDir], withoutAwsSettings(home));

  const fromBundles = bundledHandlers(assemblyDir);
  stack = await startLocalStack({
    port: 0,
    dynamoEndpoint: dynamoEndpoint(),
    tableName: process.env.TABLE_NAME!,
    webDir,
    demo: false,
    loadHandler: (resource) => {
      loaded.push(resource);
      return fromBundles(resource);
    },
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('cdk synth', () => {
  it('bundles every resource as ESM with a source map, the AWS SDK inside', () => {
    const bundles = findBundles(assemblyDir);
    expect(Object.keys(bundles).sort()).toEqual([...RESOURCES].sort());
    for (const resource of RESOURCES) {
      const bundle = bundles[resource];
      expect(bundle.startsWith(assemblyDir)).toBe(true);
      expect(existsSync(`${bundle}.map`), resource).toBe(true);
      const code = readFileSync(bundle, 'utf8');
      // Bundled SDK: nothing is left to import from node_modules at run time.
      expect(code, resource).not.toMatch(/from\s*["']@aws-sdk\//);
      // The SDK modules a Lambda never runs are the stand-ins of LAMBDA_ALIASES.
      expect(code, resource).toContain('Event streams are not in the Lambda bundles');
    }
  });

  it(`keeps every bundle within the ${BUDGETS.lambdaBundleBytes / 1000} KB budget (minified)`, () => {
    const bundles = findBundles(assemblyDir);
    for (const resource of RESOURCES) expect(statSync(bundles[resource]).size, resource).toBeLessThanOrEqual(BUDGETS.lambdaBundleBytes);
  });
});

describe('npm start -- --bundled', () => {
  it('signs in and lists terms through the Lambda bundles', async () => {
    const email = `bundled-${Date.now()}@college.test`;
    const password = 'Bundled-pass-1';
    await createUser({ username: 'Bundled Admin', email, role: 'admin', passwordHash: await hashPassword(password) });

    const login = await fetch(`${stack.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).data).toMatchObject({ email, role: 'admin' });

    const terms = await fetch(`${stack.url}/api/v1/term`, { headers: { cookie: cookieHeader(login.headers.getSetCookie()) } });
    expect(terms.status).toBe(200);
    expect((await terms.json()).data).toEqual([]);
    expect(loaded).toEqual(expect.arrayContaining(['auth', 'term']));
  });

  it('tells you to run npm run synth when there is no synthesized app', () => {
    const empty = scratchDir('sams-no-cdk-out-');
    expect(() => bundledHandlers(empty)).toThrow(/run `npm run synth` first/);
  });
});
