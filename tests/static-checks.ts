/**
 * The static checks — lint, formatting, types — side by side rather than one after another, so that
 * they use every core. Each check's output is printed whole when it ends; the run fails when any
 * check fails. Given a command (`npm test`: `tsx tests/static-checks.ts vitest run`), it
 * runs alongside the checks with its output as it comes: the checks' CPU mostly fills the time the
 * end-to-end tests leave a core idle, where run first they would hold the tests back.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'format:check', 'typecheck'];

const run = (script: string) =>
  new Promise<boolean>((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? '✓' : '✗'} npm run ${script} (${seconds} s)`);
      if (code !== 0) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });

const alongside = (command: string[]) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });

const command = process.argv.slice(2);
const passed = await Promise.all([...CHECKS.map(run), ...(command.length ? [alongside(command)] : [])]);
process.exitCode = passed.every(Boolean) ? 0 : 1;
