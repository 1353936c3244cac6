import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, expect } from 'vitest';
import { addNagChecks } from '@infra/nag';
import { SamsStack } from '@infra/sams-stack';

/** The feature flags and settings of cdk.json, as `cdk synth` gives them to the app. */
export const CDK_CONTEXT: Record<string, unknown> = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;

/** A cdk-nag finding nobody acknowledged: its rule and the construct it is on. */
export interface NagFinding {
  rule: string;
  path: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped */
export type Json = any;

/** The synthesized stack of one test file, with ways to find its resources. */
export interface SynthesizedStack {
  stack: SamsStack;
  template: Template;
  resources: Record<string, Json>;
  /** [logical id, resource] of every resource of this type. */
  ofType(type: string): [string, Json][];
  /** [logical id, resource] of the one resource of this type (fails the test if there are more or none). */
  single(type: string): [string, Json];
  /** With `{ nag: true }`: the rule packs that ran (infra/nag.ts) and the findings they left unacknowledged. */
  nag: { plugins: string[]; findings: NagFinding[] };
  /** The scratch web build the stack publishes (index.html, and a hashed script with its source map). */
  webDir: string;
  /** The cloud assembly directory (staged assets). */
  outdir: string;
}

/**
 * Synthesizes the stack before this file's tests, for template checks only (esbuild is skipped
 * here; bundled-stack.test.ts bundles for real), and removes its scratch directory after them.
 * With `nag`, the synth runs cdk-nag as `cdk synth` does and collects its findings instead.
 */
export function useSynthesizedStack({ nag = false }: { nag?: boolean } = {}): SynthesizedStack {
  const scratch = mkdtempSync(join(tmpdir(), 'sams-stack-test-'));
  const synthesized = {
    ofType: (type: string) => Object.entries(synthesized.resources).filter(([, resource]) => resource.Type === type),
    single: (type: string) => {
      const found = synthesized.ofType(type);
      expect(found, type).toHaveLength(1);
      return found[0]!;
    },
  } as SynthesizedStack;

  beforeAll(() => {
    const webDir = (synthesized.webDir = join(scratch, 'web'));
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>SAMS</title>');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
    const outdir = (synthesized.outdir = join(scratch, 'cdk.out'));
    const context = { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [], '@aws-cdk/core:validationReportJson': true };
    const app = new App({ outdir, context });
    if (nag) addNagChecks(app);
    synthesized.stack = new SamsStack(app, 'Sams', { webDir });
    if (nag) synthesized.nag = synthesizeWithNag(app, outdir);
    else synthesized.template = Template.fromStack(synthesized.stack);
    synthesized.resources = synthesized.template?.toJSON().Resources;
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  return synthesized;
}

/** Synthesizes `app` (its cdk-nag plugins added) into `outdir` and reads the validation report. */
export function synthesizeWithNag(app: App, outdir: string): SynthesizedStack['nag'] {
  const reportFile = join(outdir, 'policy-validation-report.json');
  try {
    app.synth();
  } catch (error) {
    if (!existsSync(reportFile)) throw error;
  }
  const report: Json = JSON.parse(readFileSync(reportFile, 'utf8'));
  const plugins = report.pluginReports.map((plugin: Json) => plugin.summary.pluginName);
  const findings = report.pluginReports.flatMap((plugin: Json) =>
    plugin.violations.flatMap((violation: Json) =>
      violation.violatingResources.map((resource: Json) => ({ rule: violation.ruleName, path: resource.constructPath })),
    ),
  );
  return { plugins, findings };
}
