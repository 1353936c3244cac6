import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag's AwsSolutions and Serverless rule packs, run on every synth (`npm run synth`, `npm run
 * deploy`, tests/infra/cdk-nag.test.ts): a finding fails the synth unless it is acknowledged.
 */
export function addNagChecks(scope: IConstruct): void {
  Validations.of(scope).addPlugins(new AwsSolutionsChecks(scope), new ServerlessChecks(scope));
}

/**
 * Acknowledges cdk-nag findings on a construct and everything under it, each with the one
 * sentence that says why it stays. A finding id is the rule, or `Rule[finding]` for rules that
 * report several per resource (IAM5's wildcards).
 */
export function acknowledge(scope: IConstruct, reasons: Readonly<Record<string, string>>): void {
  for (const [id, reason] of Object.entries(reasons)) Validations.of(scope).acknowledge({ id, reason });
}
