import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Alerts } from './constructs/alerts';
import { SamsHttpApi } from './constructs/http-api';
import { JwtSecret } from './constructs/jwt-secret';
import { ResourceFunctions } from './constructs/resource-functions';
import { StaticSite } from './constructs/static-site';
import { SamsTable } from './constructs/table';

export interface SamsStackProps extends StackProps {
  /** The web build to publish (web/dist). */
  webDir: string;
}

/**
 * SAMS in one stack: CloudFront → S3 (web app) and /api/* → HTTP API → one Lambda per
 * resource → one DynamoDB table. Environment-agnostic: account and region come from the
 * credentials `cdk deploy` runs with, so `cdk synth` needs none.
 */
export class SamsStack extends Stack {
  constructor(scope: Construct, id: string, props: SamsStackProps) {
    super(scope, id, props);
    const { table } = new SamsTable(this, 'Data');
    const { secret } = new JwtSecret(this, 'JwtKey');
    const { functions } = new ResourceFunctions(this, 'Functions', { table, jwtSecret: secret });
    const { api, stage } = new SamsHttpApi(this, 'Http', { functions });
    const { distribution } = new StaticSite(this, 'Site', { webDir: props.webDir, api });
    new Alerts(this, 'Alerts', { table, siteUrl: `https://${distribution.distributionDomainName}` });

    new CfnOutput(this, 'SiteUrl', {
      description: 'Open SAMS here (the web app, and the API under /api/v1)',
      value: `https://${distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'ApiUrl', {
      description: 'The HTTP API itself, for diagnostics; browsers use SiteUrl/api/v1',
      value: stage.url,
    });
    new CfnOutput(this, 'TableName', {
      description: 'The DynamoDB table (for npm run create-admin -- --table)',
      value: table.tableName,
    });
  }
}
