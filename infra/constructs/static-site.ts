import { type CfnResource, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { CLOUDFRONT_ORIGIN_TOKEN_HEADER } from '@shared/constants';
import { pageHeadersConnectingTo } from '@shared/security-headers';
import { originToken } from './origin-token';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { FORWARD_HOST_CODE, SPA_REWRITE_CODE } from './edge-functions';
import { logToOwnGroup, stackLogGroup } from './log-groups';
import { pageSecurityHeaders } from './page-headers';
import { SiteLogs } from './site-logs';

/** Source maps stay in web/dist for debugging and are never published (as the local server serves none). */
export const UNPUBLISHED_FILES = ['**/*.map'];

export interface StaticSiteProps {
  /** The web build to publish (web/dist). */
  webDir: string;
  /** Served under /api/* on the same origin. */
  api: IHttpApi;
  /** The AWS WAF web ACL in front of the distribution (login-rate-limit.ts), or AWS::NoValue. */
  webAclArn: string;
  /** Origins besides the site's own that pages fetch from (the CSP's connect-src): the attachments bucket's. */
  connectOrigins?: readonly string[];
}

/**
 * One origin for page and API: CloudFront serves the React build from a private bucket and
 * sends /api/* to the HTTP API, so the login session cookie is first-party and there is no CORS.
 *
 * Not production-grade: the distribution uses its *.cloudfront.net name (add a certificate and
 * domainNames for your own domain); its WAF web ACL only limits logins per client address.
 */
export class StaticSite extends Construct {
  readonly distribution: Distribution;
  /** CloudFront's access logs (SiteLogs). */
  readonly logsBucket: Bucket;
  /** The log groups of the functions CDK adds to publish the site (BucketDeployment, emptying the bucket). */
  readonly logGroups: LogGroup[];

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    const bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // It only holds the build, which every deploy uploads again.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    acknowledge(bucket, {
      'AwsSolutions-S1': "Only CloudFront reads it (origin access control), and CloudFront's access logs record every request.",
    });
    this.logsBucket = new SiteLogs(this, 'Logs').bucket;

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'SAMS: client routes get index.html',
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });
    const forwardHost = new CloudFrontFunction(this, 'ForwardHost', {
      comment: 'SAMS: the viewer Host as x-forwarded-host for the API origin check',
      code: FunctionCode.fromInline(FORWARD_HOST_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });
    const pageHeaders = new ResponseHeadersPolicy(this, 'PageHeaders', {
      comment: 'SAMS: the page security headers of shared/security-headers.ts',
      securityHeadersBehavior: pageSecurityHeaders(pageHeadersConnectingTo(props.connectOrigins ?? [])),
    });
    // The API's domain without https:// (apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com).
    const apiDomain = Fn.select(2, Fn.split('/', props.api.apiEndpoint));

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'SAMS: web app and /api/*',
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      // North America, Europe, Asia (India included), Middle East and Africa; PRICE_CLASS_ALL adds South America and Oceania.
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: pageHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [CLOUDFRONT_ORIGIN_TOKEN_HEADER]: originToken(this) },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host (API Gateway needs its own), every cookie, every query string.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    acknowledge(this.distribution, {
      'AwsSolutions-CFR1': "A college's users sign in from wherever they are; there is no country to block.",
      'AwsSolutions-CFR4':
        'The default *.cloudfront.net certificate cannot enforce TLS 1.2; set minimumProtocolVersion with a custom domain.',
    });

    // Hashed assets first, cached for a year and never pruned (a page loaded before a deploy can
    // still fetch them); then the pages, revalidated on every load, and the cache invalidated.
    // Both share one handler function, so one log group.
    const deployLogs = stackLogGroup(this, 'DeployLogs');
    const webBuild = Source.asset(props.webDir, { exclude: UNPUBLISHED_FILES });
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [webBuild],
      logGroup: deployLogs,
      destinationBucket: bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [webBuild],
      logGroup: deployLogs,
      destinationBucket: bucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    pages.node.addDependency(assets);
    const deployHandler = Stack.of(this).node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    acknowledge(deployHandler!, bucketDeploymentFindings);

    // autoDeleteObjects' handler (one per stack, made from raw CloudFormation) logs to its own group too.
    const emptyBucketLogs = stackLogGroup(this, 'EmptyBucketLogs');
    const provider = Stack.of(this).node.findChild('Custom::S3AutoDeleteObjectsCustomResourceProvider');
    logToOwnGroup(provider.node.findChild('Handler') as CfnResource, emptyBucketLogs);
    this.logGroups = [deployLogs, emptyBucketLogs];
  }
}

/** BucketDeployment's handler (a CDK singleton at the stack's root) and its generated role. */
const generatedPolicy =
  "BucketDeployment's generated policy: it syncs the web build from CDK's staging bucket into the site bucket and invalidates CloudFront.";
const bucketDeploymentFindings: Record<string, string> = {
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
    "BucketDeployment's generated role; its handler writes to the stack's DeployLogs group.",
  ...Object.fromEntries(
    [
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      'Resource::*',
      'Resource::<SiteBucket978D4AEB.Arn>/*',
      'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
    ].map((finding) => [`AwsSolutions-IAM5[${finding}]`, generatedPolicy]),
  ),
  'AwsSolutions-L1': "BucketDeployment's handler runs on the Python runtime CDK picks for it.",
  'Serverless-LambdaLatestVersion': "BucketDeployment's handler runs on the Python runtime CDK picks for it.",
  'Serverless-LambdaDLQ': 'CloudFormation calls the handler synchronously and reports its failure as a failed deploy.',
  'Serverless-LambdaTracing': 'A deploy-time handler: its log group and the stack events say what it did.',
};
