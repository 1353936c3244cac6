import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { addNagChecks } from '@infra/nag';
import { synthesizeWithNag, useSynthesizedStack } from './synthesized-stack';

// cdk-nag's AwsSolutions and Serverless packs over the whole stack, as `cdk synth` runs them
// (infra/nag.ts); each finding that stays is acknowledged, with why, beside the construct it is on.
const s = useSynthesizedStack({ nag: true });

describe('cdk-nag', () => {
  it('leaves no finding unacknowledged', () => {
    expect(s.nag.findings.map(({ rule, path }) => `${rule} at ${path}`)).toEqual([]);
  });

  it('reports the findings of both rule packs (checked on a bare bucket and function)', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'sams-nag-'));
    try {
      const app = new App({ outdir, context: { '@aws-cdk/core:validationReportJson': true } });
      addNagChecks(app);
      const stack = new Stack(app, 'Bare');
      new Bucket(stack, 'Bucket');
      new LambdaFunction(stack, 'Fn', {
        runtime: Runtime.NODEJS_22_X,
        handler: 'index.handler',
        code: Code.fromInline('exports.handler=()=>1'),
      });
      const { plugins, findings } = synthesizeWithNag(app, outdir);
      expect(plugins).toEqual(expect.arrayContaining(['AwsSolutions', 'Serverless']));
      expect(findings).toEqual(
        expect.arrayContaining([
          { rule: 'AwsSolutions-S1', path: 'Bare/Bucket/Resource' },
          { rule: 'Serverless-LambdaDLQ', path: 'Bare/Fn/Resource' },
        ]),
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
