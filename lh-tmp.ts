import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBench, startBenchDatabase, signIn } from './tests/bench/context';
const dynamo = await startBenchDatabase();
const context = await startBench(dynamo);
const faculty = await signIn(context.stack.url, 'faculty@sams.local', 'Faculty@12345');
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
for (const [path, cookie] of [['/', faculty], ['/dashboard/viewattendance', context.cookie]] as const) {
  for (let run = 0; run < 2; run++) {
    const result = await lighthouse(`${context.stack.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } });
    const a = result!.lhr.audits;
    console.log(path, Math.round(result!.lhr.categories.performance!.score! * 100), 'TBT', Math.round(a['total-blocking-time']!.numericValue!), 'LCP', Math.round(a['largest-contentful-paint']!.numericValue!));
    const lt = (a['long-tasks']?.details as { items: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [];
    for (const t of lt) console.log('  long task', Math.round(t.startTime), Math.round(t.duration), t.url);
    const boot = (a['bootup-time']?.details as { items: { url: string; total: number; scripting: number; scriptParseCompile: number }[] } | undefined)?.items ?? [];
    for (const b of boot.slice(0, 6)) console.log('  bootup', b.url.replace(context.stack.url, ''), Math.round(b.total), Math.round(b.scripting), Math.round(b.scriptParseCompile));
    const mw = (a['mainthread-work-breakdown']?.details as { items: { group: string; duration: number }[] } | undefined)?.items ?? [];
    console.log('  main thread', mw.map((m) => `${m.group}:${Math.round(m.duration)}`).join(' '));
  }
}
await chrome.kill();
await context.stack.stop?.();
await dynamo.stop();
process.exit(0);
