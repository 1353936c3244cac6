import { CfnOutput, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { RESOURCES } from '@shared/routes';
import { Alerts } from './constructs/alerts';
import { AttachmentsBucket, attachmentsOrigin } from './constructs/attachments-bucket';
import { OperationsAlarms } from './constructs/alarms';
import { SamsHttpApi } from './constructs/http-api';
import { JwtSecret } from './constructs/jwt-secret';
import { OidcSignIn } from './constructs/oidc-sign-in';
import { distributionWebAclArn } from './constructs/login-rate-limit';
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
    const { active: table } = new SamsTable(this, 'Data');
    const { secret } = new JwtSecret(this, 'JwtKey');
    const resourceFunctions = new ResourceFunctions(this, 'Functions', { table, jwtSecret: secret });
    const { functions } = resourceFunctions;
    const http = new SamsHttpApi(this, 'Http', { functions });
    const site = new StaticSite(this, 'Site', {
      webDir: props.webDir,
      api: http.api,
      webAclArn: distributionWebAclArn(this),
      connectOrigins: [attachmentsOrigin(this)],
    });
    const siteUrl = `https://${site.distribution.distributionDomainName}`;
    const attachments = new AttachmentsBucket(this, 'Attachments', { siteOrigin: siteUrl, logsBucket: site.logsBucket });
    attachments.grantTo(functions.leave);
    // Erasing a student deletes their leave's files: by an admin (privacy), or by the retention job (alerts' jobs).
    attachments.grantTo(functions.privacy);
    const alarms = new OperationsAlarms(this, 'Alarms', { functions, api: http.api, table });
    const alerts = new Alerts(this, 'Alerts', { table, siteUrl: `https://${site.distribution.distributionDomainName}` });
    attachments.grantTo(alerts.function);
    alerts.allowSending(resourceFunctions.functions.user);
    alerts.allowSending(resourceFunctions.functions.signin);
    new OidcSignIn(this, 'OidcSignIn', { signIn: resourceFunctions.functions.signin });

    // Everything docs/operations.md needs, so no step of it lists the stack's resources
    // (tests/infra/runbook.test.ts reads the runbook's names against these).
    const output = (name: string, description: string, value: string) => new CfnOutput(this, name, { description, value });
    output('SiteUrl', 'Open SAMS here (the web app, and the API under /api/v1)', `https://${site.distribution.distributionDomainName}`);
    output('ApiUrl', 'The HTTP API itself, for diagnostics; browsers use SiteUrl/api/v1', http.stage.url);
    output('TableName', 'The DynamoDB table SAMS uses (for create-admin, summaries, backups)', table.tableName);
    output('JwtSecretArn', 'The Secrets Manager secret that signs session tokens (key rotation)', secret.secretArn);
    const apiFunctions = RESOURCES.map((resource) => functions[resource]);
    output(
      'FunctionNames',
      'The API functions, space-separated (key rotation restarts them)',
      Fn.join(
        ' ',
        apiFunctions.map((fn) => fn.functionName),
      ),
    );
    const apiLogGroups = [http.accessLogs, ...RESOURCES.map((resource) => resourceFunctions.logGroups[resource])];
    output(
      'ApiLogGroupNames',
      "The API's access log, then each API function's log group, space-separated",
      Fn.join(
        ' ',
        apiLogGroups.map((group) => group.logGroupName),
      ),
    );
    output('AccessLogGroupName', "The API's access log group: one JSON line per request", http.accessLogs.logGroupName);
    output(
      'DeployLogGroupNames',
      'The log groups of the functions that publish the web app, space-separated',
      Fn.join(
        ' ',
        site.logGroups.map((group) => group.logGroupName),
      ),
    );
    output('SiteLogsBucketName', "CloudFront's access logs (kept after cdk destroy)", site.logsBucket.bucketName);
    output('AlarmTopicArn', 'The SNS topic every alarm publishes to', alarms.topic.topicArn);
  }
}
