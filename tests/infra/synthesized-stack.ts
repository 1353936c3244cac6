import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, expect } from 'vitest';
import { SamsStack } from '@infra/sams-stack';

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
}

/**
 * Synthesizes the stack before this file's tests, for template checks only (esbuild is skipped
 * here; bundled-stack.test.ts bundles for real), and removes its scratch directory after them.
 */
export function useSynthesizedStack(): SynthesizedStack {
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
    const webDir = join(scratch, 'web');
    mkdirSync(webDir);
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>SAMS</title>');
    const app = new App({ outdir: join(scratch, 'cdk.out'), context: { 'aws:cdk:bundling-stacks': [] } });
    synthesized.stack = new SamsStack(app, 'Sams', { webDir });
    synthesized.template = Template.fromStack(synthesized.stack);
    synthesized.resources = synthesized.template.toJSON().Resources;
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  return synthesized;
}
