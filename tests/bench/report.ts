import type { BenchResults } from './results';
import { kb, table } from './format';
import type { OneGroupResult } from './sections/one-group';
import { sinceFiled } from './since-filed';

export type { BenchResults };

// Budgets checked by tests (tests/infra/bundled-stack.test.ts, tests/e2e/bundle-budget.test.ts); shown here beside the figures.
export const BUDGETS = { lambdaBundleBytes: 350_000, initialJsGzipBytes: 85_000, importSeconds: 60 };

const pct = (value: number, limit: number) => `${Math.round((value / limit) * 100)}%`;

export function renderMarkdown(r: BenchResults): string {
  const parts = [
    '# Benchmarks',
    '',
    `Measured by \`${r.command}\` on ${r.machine.date.slice(0, 10)}: ${r.machine.cpus} × ${r.machine.cpu}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, DynamoDB Local (in memory) on loopback; the whole run took ${r.seconds ?? '?'} s. Timings are from one machine and one run: compare figures within this page, not across machines. Deterministic budgets (bundle bytes, request counts) are enforced by tests; timings are not.`,
    ...(r.remeasured ?? []).map(
      (again) =>
        `\nThen \`${again.command}\` on ${again.date.slice(0, 10)} (${again.seconds} s) measured its sections again, on the same machine: their figures are from that run, the others from the whole run above.`,
    ),
  ];
  if (r.overhead) {
    parts.push(
      '',
      '## 1. Handler overhead',
      '',
      'Each route 200 times in a row (after 20 warm-up requests) through the local stack — HTTP → payload 2.0 event → handler → DynamoDB Local. The handler is timed around the Lambda handler (event in, result out: what Lambda runs and bills) and set against the time the same requests spent waiting on DynamoDB, measured inside the SDK. The database round trips are the limit; the rest (middy, zod, jose, the session check, JSON) is our overhead. Total is what the client saw, with HTTP and the local adapter, which API Gateway replaces when deployed. Milliseconds. Budget: the handler at most 1.3× its DynamoDB time.',
      '',
      table(
        [
          'route',
          'DynamoDB requests',
          'total p50',
          'handler p50',
          'handler p95',
          'DynamoDB p50',
          'DynamoDB p95',
          'overhead p50',
          'handler ÷ DynamoDB (p50)',
        ],
        r.overhead.map((row) => [
          row.route,
          row.requests,
          row.p50,
          row.handlerP50,
          row.handlerP95,
          row.dbP50,
          row.dbP95,
          (row.handlerP50 - row.dbP50).toFixed(2),
          row.requests ? `${row.ratio}×` : '– (no DynamoDB request)',
        ]),
      ),
    );
  }
  if (r.coldStart) {
    parts.push(
      '',
      '## 2. Lambda cold start',
      '',
      `The bundles \`cdk synth\` makes (minified ESM, AWS SDK included) and the median time of 10 fresh Node processes importing each, against a fresh process importing an empty module. Budget: ${kb(BUDGETS.lambdaBundleBytes)} per bundle. The floor rows are what every bundle pays before any code of ours: the one DynamoDB document client (\`functions/lib/db.ts\`, bundled the same way, the client created at import as in the resources) and, within it, the Node built-ins it imports.`,
      '',
      table(
        ['resource', 'bundle', 'of budget', 'import ms', 'empty module ms', 'difference ms', 'ratio'],
        r.coldStart.map((row) => [
          row.resource,
          kb(row.bytes),
          pct(row.bytes, BUDGETS.lambdaBundleBytes),
          row.importMs,
          row.emptyMs,
          row.differenceMs,
          `${row.ratio}×`,
        ]),
      ),
    );
  }
  if (r.cost) {
    parts.push(
      '',
      '## 3. DynamoDB cost per operation',
      '',
      'Requests and consumed capacity units as DynamoDB Local reports them (`ReturnConsumedCapacity: TOTAL`), counted by an SDK middleware, against the fewest requests the data model allows for the same answer (each includes the one session read every signed-in request makes).',
      '',
      table(
        ['operation', 'requests', 'minimum', 'ratio', 'by command', 'read units', 'write units', 'ms'],
        r.cost.map((row) => [
          row.operation,
          row.requests,
          row.minimum,
          `${(row.requests / row.minimum).toFixed(2)}×`,
          Object.entries(row.byCommand)
            .map(([c, n]) => `${c} ${n}`)
            .join(', '),
          row.readUnits,
          row.writeUnits,
          row.ms,
        ]),
      ),
    );
  }
  if (r.scale) {
    const sessionsP50 = r.scale.find((row) => row.unrelatedSessions === 0 && row.readFrom === 'sessions' && row.sessionsInRange > 900)?.p50;
    const summaryP50 = r.scale.find((row) => row.unrelatedSessions === 0 && row.readFrom === 'summaries')?.p50;
    parts.push(
      '',
      '## 4. Scale of the percentage report',
      '',
      "Median of 10 reports (60 students per session) by sessions in range, before and after adding ten times as much unrelated attendance (10,000 sessions of other courses) to the table. A range that holds every session of the course (a whole term) is read from the course's summaries; a range that cuts through them, from the sessions. The report reads only its course partition, so the time should follow the sessions in range only.",
      '',
      table(
        ['sessions in range', 'read from', 'unrelated sessions in table', 'p50 ms', 'DynamoDB requests'],
        r.scale.map((row) => [row.sessionsInRange, row.readFrom ?? 'sessions', row.unrelatedSessions, row.p50, row.requests]),
      ),
      ...(sessionsP50 && summaryP50
        ? [
            '',
            `1,000 sessions from the summaries against 990 from the sessions: ${(sessionsP50 / summaryP50).toFixed(1)}× faster (before the summaries, 1,000 sessions took 1,386 ms on this machine).`,
          ]
        : []),
    );
  }
  if (r.reports) {
    const p50 = (report: string, sessions: number) =>
      r.reports!.find((row) => row.report === report && row.sessionsPerCourse === sessions)?.p50 ?? NaN;
    parts.push(
      '',
      '## 4b. Term-scale reports',
      '',
      "A semester of 240 students (4 divisions × 2 batches × 30), 6 courses with lectures for each division and labs for each batch, at 20 and then 200 sessions per course; median and 95th percentile of 20 requests (after 2 warm-up). Both reports read the courses' summaries, so the requests stay the same and the time hardly moves with ten times the sessions. Budget: the semester's defaulter list at 200 sessions per course, p50 ≤ 250 ms.",
      '',
      table(
        ['report', 'sessions per course', 'students', 'p50 ms', 'p95 ms', 'DynamoDB requests', 'answer KB'],
        r.reports.map((row) => [row.report, row.sessionsPerCourse, row.students, row.p50, row.p95, row.requests, row.kilobytes]),
      ),
      '',
      `Semester's defaulter list at 200 sessions per course ÷ at 20: ${(p50('defaulter list of the semester', 200) / p50('defaulter list of the semester', 20)).toFixed(2)}×; ÷ the 250 ms budget: ${(p50('defaulter list of the semester', 200) / 250).toFixed(2)}.`,
    );
  }
  if (r.import) {
    parts.push(
      '',
      '## 4c. Student import',
      '',
      `A 5,000-row file (new students, 10 new divisions of 2 batches created on the way) imported into the demo college as the web app sends it: 500 rows a call, one call after another; then the same file again. Budget: ${BUDGETS.importSeconds} s for the first import.`,
      '',
      table(
        ['run', 'rows', 'calls', 'seconds', 'of budget', 'outcomes'],
        r.import.map((row) => [
          row.run,
          row.rows,
          row.calls,
          row.seconds,
          pct(row.seconds, BUDGETS.importSeconds),
          Object.entries(row.outcomes)
            .map(([outcome, n]) => `${outcome} ${n}`)
            .join(', '),
        ]),
      ),
    );
  }
  if (r.invitations) {
    const v = r.invitations;
    parts.push(
      '',
      '## 4d. 5,000 invitations',
      '',
      `5,000 students imported into a semester of the demo college and invited in one run (POST invitation lists them and writes the outbox), then sent by one drain as the jobs' Lambda runs it, through the mailer's rate limit set to ${v.mailRate} a second, into a mailer that records each email. Where the rate achieved is under the rate set, the drain's own work per email on DynamoDB Local (claim, account, mark: about 7 requests, 4 emails at a time) is the limit. At SES's default 14 a second the same ${v.students} emails take ${(v.students / 14 / 60).toFixed(1)} minutes.`,
      '',
      table(
        [
          'recipients',
          'queued in s',
          'sent',
          'sending s',
          'rate achieved /s',
          'rate set /s',
          'mailed twice',
          'never mailed',
          "run's counters",
        ],
        [
          [
            v.students,
            v.queueSeconds,
            v.sent,
            v.sendSeconds,
            v.achievedRate,
            v.mailRate,
            v.doubled,
            v.missed,
            `${v.runCounters.sent} sent, ${v.runCounters.skipped} skipped, ${v.runCounters.failed} failed of ${v.runCounters.total}`,
          ],
        ],
      ),
    );
  }
  if (r.family) {
    const f = r.family;
    const row = (route: string, l: typeof f.standing) => [route, l.p50, l.p95, l.p99, l.max, pct(l.p95, 1000)];
    parts.push(
      '',
      '## 4e. 2,000 students open their Home within a minute',
      '',
      `${f.students} students of the demo semester (20 divisions, each with 12 lectures marked and a lecture in the timetable), each signed in, open their Home one every ${Math.round((f.seconds * 1000) / f.students)} ms for ${f.seconds} s; the page reads their standing (GET report/student/{id}/standing; the list of their classes is a page of its own). ${f.requests} requests, ${f.errors} not answered 200. The budget is a p95 under 1 s.`,
      '',
      table(['route', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'p95 of budget'], [row('GET report/student/{id}/standing', f.standing)]),
    );
  }
  if (r.checkIn) {
    const c = r.checkIn;
    parts.push(
      '',
      '## 4f. A lecture of 200 checks in within a minute',
      '',
      `${c.students} students of one division, each signed in, check in to a lecture of now (docs/product.md §2.18) one every ${Math.round((c.seconds * 1000) / c.students)} ms for ${c.seconds} s, each from a phone of their own with the code the classroom screen shows then (read every 2 s); ${c.errors} not answered 201. Afterwards the teacher's check-in lists ${c.listed}: ${c.exact ? 'exactly those students' : 'NOT exactly those students'}. The budget is a p95 under 500 ms and 0 errors.`,
      '',
      table(
        ['route', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'p95 of budget'],
        [['POST checkin/student', c.checkIn.p50, c.checkIn.p95, c.checkIn.p99, c.checkIn.max, pct(c.checkIn.p95, 500)]],
      ),
    );
  }
  if (r.load) {
    const l = r.load;
    parts.push(
      '',
      '## 5. Load',
      '',
      `${l.clients} concurrent clients for ${l.seconds} s against the local stack on loopback (the load generator shares the stack's Node process and its 2 cores with DynamoDB Local), each looping over three reads (terms, a division's 30 students, a day's attendance) and one mark of a session nobody else marks. Afterwards every accepted mark is read back. Limit: 0 errors, every mark readable.`,
      '',
      table(
        ['requests', 'per second', 'errors', 'marks accepted', 'marks read back', 'p50 ms', 'p95 ms', 'p99 ms'],
        [[l.requests, l.perSecond, l.errors, l.marks, l.marksReadBack, l.p50, l.p95, l.p99]],
      ),
    );
  }
  if (r.oneGroup) {
    const g = r.oneGroup;
    const row = (what: string, p: OneGroupResult['oneGroup']) => [what, p.perSecond, p.p50, p.p95, p.errors, p.marks, p.marksReadBack];
    parts.push(
      '',
      '## 5b. One group under load',
      '',
      `${g.clients} concurrent clients marking distinct sessions for ${g.seconds} s each way, nothing but marks (20 of a division's students present): first each client its own course (distinct summary groups), then all of them one course and division (one group: every mark adds to a shard of the same summary, docs/decisions.md). Afterwards every accepted mark is read back and every course's summaries are checked against a recount of its sessions. Limits (issue 30): one group ≥ 0.8× the distinct groups' throughput, p95 ≤ 1.5×, 0 errors, every mark read back, no summary differing.`,
      '',
      table(
        ['clients mark', 'requests per second', 'p50 ms', 'p95 ms', 'errors', 'marks accepted', 'marks read back'],
        [row('each its own course', g.distinctGroups), row('one course and division', g.oneGroup)],
      ),
      '',
      `One group ÷ distinct groups: throughput ${g.throughputRatio}×, p95 ${g.p95Ratio}×; summaries differing from a recount afterwards: ${g.summariesDiffering}.`,
    );
  }
  if (r.web) {
    parts.push(
      '',
      '## 6. Web',
      '',
      table(
        ['what', 'gzip', 'budget', 'of budget'],
        [
          ['initial JS', kb(r.web.initialJsGzip), kb(BUDGETS.initialJsGzipBytes), pct(r.web.initialJsGzip, BUDGETS.initialJsGzipBytes)],
          ['initial CSS', kb(r.web.initialCssGzip), '–', '–'],
          ...r.web.lazyChunks.map((chunk) => [`lazy: ${chunk.file}`, kb(chunk.gzip), '–', '–']),
        ],
      ),
    );
  }
  if (r.lighthouse) {
    parts.push(
      '',
      "Lighthouse 12 (mobile, simulated throttling: slow 4G) in Debian Chromium against the local stack, a first visit each: /login, the demo faculty member's Home (Today) and a marking form, the view screen as the demo admin; five loads a page, the median by performance shown. Scores out of 100; budget: performance ≥ 95 at Lighthouse's mobile preset (the column at 4×: the measure the budget was set with), accessibility 100. Lighthouse's CPU slowdown multiplies the host's own CPU time, and its default 4× assumes a host of benchmark index 1500–2000 (a high-end desktop); so each load is scored as the phone that preset stands for (index 1750 ÷ 4), its slowdown calibrated from the host's index measured during that load, as Lighthouse's throttling guide advises. That calibrated score, the first column, is the stricter gauge (a phone slower than the preset's on a host faster than a high-end desktop); the same load scored at the default 4× of this host is beside it.",
      '',
      table(
        [
          'page',
          'performance',
          'performance at 4× of this host',
          'accessibility',
          'first contentful paint ms',
          'largest contentful paint ms',
          'total blocking time ms',
          'host CPU index',
          'CPU slowdown',
        ],
        r.lighthouse.map((row) => [
          row.page,
          row.performance,
          row.performanceAt4x ?? '–',
          row.accessibility,
          row.firstContentfulPaintMs,
          row.largestContentfulPaintMs,
          row.totalBlockingTimeMs,
          row.benchmarkIndex ?? '–',
          row.cpuSlowdown ? `${row.cpuSlowdown}×` : '–',
        ]),
      ),
    );
  }
  const since = sinceFiled(r);
  if (since.length) {
    parts.push(
      '',
      '## 7. Since issue 20 was filed',
      '',
      "Issue 20's figures when it was filed (2026-11-24) beside this run's; the ratio is this run ÷ then, on the worst value of each. `npm test` is timed by `.ci/run` (its last line); its row is one such run on this machine the same day, given to the bench as `SAMS_NPM_TEST_SECONDS`.",
      '',
      table(['figure', 'when filed', 'this run', 'ratio', 'target'], since),
    );
  }
  return `${parts.join('\n')}\n`;
}
