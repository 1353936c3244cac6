import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_PREFIX, ROUTES, type Resource } from '@shared/routes';
import { acknowledge } from '../nag';
import { stackLogGroup } from './log-groups';

/** Requests per second across the API, and the burst above it API Gateway absorbs, before it answers 429. */
export const API_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

/** One JSON line per request in the access log. */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
} as const;

export interface SamsHttpApiProps {
  functions: Readonly<Record<Resource, IFunction>>;
}

/**
 * The HTTP API: exactly the routes of the route table, each to its resource's Lambda (payload
 * format 2.0), on a throttled $default stage with JSON access logs. CloudFront serves it
 * under /api/*; no CORS, since the browser only ever calls its own origin.
 */
export class SamsHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** One JSON line per request (ACCESS_LOG_FIELDS). */
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: SamsHttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      description: 'SAMS API (served to browsers through CloudFront under /api/*)',
      createDefaultStage: false,
    });
    this.accessLogs = stackLogGroup(this, 'AccessLogs');
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    const integrations = new Map<Resource, HttpLambdaIntegration>();
    for (const route of ROUTES) {
      let integration = integrations.get(route.resource);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${route.resource}Integration`, props.functions[route.resource], {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        });
        integrations.set(route.resource, integration);
      }
      this.api.addRoutes({ path: `${API_PREFIX}${route.path}`, methods: [HttpMethod[route.method]], integration });
    }
    acknowledge(this, {
      'AwsSolutions-APIG4':
        'No API Gateway authorizer: each function checks the login session cookie itself (functions/lib/http/login-session-auth.ts), and sign-in must stay open.',
    });
  }
}
