/**
 * `npm start`: the whole product at http://localhost:3000 (PORT overrides) over DynamoDB Local.
 *   npm start -- --in-memory   a throwaway store instead of .data/
 *   npm start -- --bundled     run the Lambda bundles `npm run synth` made (cdk.out), not the sources
 *   SAMS_DATA_DIR=dir          keep the data somewhere else than .data/
 *   SAMS_JOBS_EVERY=seconds    how often the alert jobs run (60; 0: never); their emails land in the mail catcher
 */
import { join } from 'node:path';
import { bundledHandlers } from './bundled-handlers';
import { DEMO_ACCOUNTS, DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { startJobTimer } from './job-timer';
import { startLocalOidcProvider } from './oidc-provider';
import { startMailCatcher, useMailCatcherEnvironment } from './mail-catcher';
import { startS3Server, useS3ServerEnvironment } from './s3-server';
import { startLocalStack } from './local-stack';
import { ensureWebBuild, WEB_DIST } from './web-build';

const ROOT = new URL('../../', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const inMemory = args.has('--in-memory');
const bundled = args.has('--bundled');

async function main() {
  const loadHandler = bundled ? bundledHandlers(join(ROOT, 'cdk.out')) : undefined;
  if (await ensureWebBuild()) console.log('Built the web app into web/dist');
  const mail = await startMailCatcher();
  useMailCatcherEnvironment(mail);
  const s3 = await startS3Server().catch(async (error: unknown) => {
    await mail.stop();
    throw error;
  });
  useS3ServerEnvironment(s3);
  const stack = await startLocalStack({
    port: Number(process.env.PORT ?? 3000),
    dataDir: inMemory ? undefined : (process.env.SAMS_DATA_DIR ?? join(ROOT, '.data')),
    tableName: process.env.TABLE_NAME ?? 'sams',
    webDir: WEB_DIST,
    demo: true,
    host: process.env.HOST ?? '127.0.0.1',
    loadHandler,
  }).catch(async (error: unknown) => {
    await mail.stop();
    await s3.stop();
    throw error;
  });
  process.env.SITE_URL = stack.url;
  const oidc = await startDemoOidcProvider(stack.url);
  const jobs = startJobTimer({ everySeconds: Number(process.env.SAMS_JOBS_EVERY ?? 60) });
  console.log(`SAMS is running at ${stack.url} (${inMemory ? 'in-memory data' : 'data in .data/'})`);
  if (bundled) console.log('API: the Lambda bundles in cdk.out (run `npm run synth` again after changing the code)');
  console.log(`DynamoDB Local: ${stack.dynamoEndpoint}, table ${process.env.TABLE_NAME ?? 'sams'}`);
  console.log('Demo admin: admin@sams.local / Admin@12345 · demo faculty: faculty@sams.local and faculty2@sams.local / Faculty@12345');
  console.log(`Mail catcher: every email SAMS sends lands in ${mail.inboxUrl}`);
  console.log(`Attachments: a local S3 server (s3rver) at ${s3.endpoint}, bucket ${s3.bucket}`);
  console.log(
    `Demo student: ${DEMO_FAMILY.student.email} · demo guardian: ${DEMO_FAMILY.guardian.email}: sign in by emailed link (in the mail catcher) or with the local sign-in service (${oidc.issuer})`,
  );
  console.log(
    `Alert jobs: every ${process.env.SAMS_JOBS_EVERY ?? 60} s; one by hand: npm run jobs -- <not-marked|below-threshold|absence-streak> --endpoint ${stack.dynamoEndpoint} --table ${process.env.TABLE_NAME ?? 'sams'} --smtp ${mail.smtpUrl} --site ${stack.url}`,
  );
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping SAMS and DynamoDB Local…`);
    await jobs.stop();
    await oidc.stop();
    await stack.stop();
    await mail.stop();
    await s3.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** The local OpenID provider (a stand-in for the college's Google or Microsoft account), knowing the demo accounts. */
async function startDemoOidcProvider(site: string) {
  const accounts = [
    ...DEMO_ACCOUNTS.map(({ email, username }) => ({ email, name: username })),
    { email: DEMO_FAMILY.student.email, name: 'Demo Student' },
    { email: DEMO_FAMILY.guardian.email, name: DEMO_FAMILY.guardian.name },
  ];
  const oidc = await startLocalOidcProvider({ redirectUri: `${site}/oidc/callback`, accounts });
  process.env.OIDC_PROVIDERS = JSON.stringify([
    { id: 'local', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
  ]);
  return oidc;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
