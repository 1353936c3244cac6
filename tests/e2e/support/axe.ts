import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE = join(new URL('../../../', import.meta.url).pathname, 'node_modules', 'axe-core', 'axe.min.js');

export interface AxeProblem {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core on the current page and answers its serious and critical violations. The page's
 * context must bypass CSP (axe is injected as an inline script).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run());
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * Waits until no finite animation runs (a dialog's fade-in), so that axe measures the final colours.
 * An animation cancelled meanwhile (a dialog closed mid-fade) rejects its `finished` with an
 * AbortError: it is over, so it counts as settled; animations it made way for are awaited in the next round.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 10; round++) {
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.allSettled(running.map((animation) => animation.finished));
    }
  });
}

/** axe-core finds no serious or critical violation on the page once its animations have settled; `screen` names it in a failure. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await settleAnimations(page);
  expect({ screen, violations: await seriousAxeViolations(page) }).toEqual({ screen, violations: [] });
}
