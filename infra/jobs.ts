/**
 * Runs an alert job, or the sending of queued invitations, by hand (docs/operations.md, docs/product.md §10):
 *
 *   npm run jobs -- not-marked|below-threshold|absence-streak|invitations|retention|all [--date YYYY-MM-DD]
 *                   [--table T] [--endpoint URL] [--smtp URL] [--from ADDRESS] [--site URL]
 *
 * `npm start` prints the command for its own stack (DynamoDB Local's endpoint and the mail
 * catcher's SMTP address). Against AWS: --table, --from (a verified SES identity) and the AWS
 * credentials and region of your shell. A job run by hand does not wait for its hour; what it sent
 * before is not sent again.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isCalendarDate } from '@shared/dates';
import { useLocalAwsEnvironment } from './local/dynamodb-local';

const USAGE =
  'Usage: npm run jobs -- not-marked|below-threshold|absence-streak|invitations|retention|all [--date YYYY-MM-DD] [--table T] [--endpoint URL] [--smtp URL] [--from ADDRESS] [--site URL]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      date: { type: 'string' },
      table: { type: 'string' },
      endpoint: { type: 'string' },
      smtp: { type: 'string' },
      from: { type: 'string' },
      site: { type: 'string' },
    },
    allowPositionals: true,
  });
  // DynamoDB Local: its endpoint, and the region and placeholder credentials it accepts.
  if (values.endpoint) useLocalAwsEnvironment(values.endpoint);
  // Imported after the environment is set: the database client reads it once.
  const { isJobName, JOB_NAMES, runJobs } = await import('@functions/lib/alerts/jobs');
  const { INVITATIONS_STEP, sendInvitations } = await import('@functions/jobs');
  const { RETENTION_JOB, runRetention } = await import('@functions/lib/privacy/retention');
  const [job] = positionals;
  if (positionals.length !== 1 || !(job === 'all' || job === INVITATIONS_STEP || job === RETENTION_JOB || isJobName(job)))
    throw new Error(USAGE);
  if (values.date !== undefined && !isCalendarDate(values.date)) throw new Error(`Enter a real date as YYYY-MM-DD.\n${USAGE}`);
  if (values.table) process.env.TABLE_NAME = values.table;
  if (!process.env.TABLE_NAME) throw new Error(`Which table? Pass --table or set TABLE_NAME.\n${USAGE}`);
  if (values.smtp) process.env.SMTP_URL = values.smtp;
  if (values.from) process.env.MAIL_FROM = values.from;
  if (values.site) process.env.SITE_URL = values.site;
  process.env.MAIL_ENABLED ??= 'true';
  process.env.MAIL_FROM ??= 'alerts@sams.local';

  const alerts = JOB_NAMES.filter((name) => job === 'all' || name === job);
  const results = alerts.length ? await runJobs(alerts, { date: values.date, byHand: true, deadline: Infinity }) : [];
  if (job === 'all' || job === INVITATIONS_STEP) results.push(await sendInvitations(Infinity));
  if (job === 'all' || job === RETENTION_JOB) results.push(await runRetention(new Date(), { byHand: true }));
  for (const result of results) {
    const outcome =
      result.idle ??
      (result.erased !== undefined ? `${result.erased} students erased` : undefined) ??
      Object.entries(result.report ?? {})
        .map(([what, count]) => `${count} ${what}`)
        .join(', ');
    console.log(`${result.job} (${result.period}): ${outcome}`);
  }
  return results.some((result) => result.report && result.report.failed > 0) ? 1 : 0;
}

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
