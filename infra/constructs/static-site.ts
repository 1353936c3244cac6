import { Fn, RemovalPolicy } from 'aws-cdk-lib';
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
import { originToken } from './origin-token';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { FORWARD_HOST_CODE, SPA_REWRITE_CODE } from './edge-functions';
import { pageSecurityHeaders } from './page-headers';

export interface StaticSiteProps {
  /** The web build to publish (web/dist). */
  webDir: string;
  /** Served under /api/* on the same origin. */
  api: IHttpApi;
}

/**
 * One origin for page and API: CloudFront serves the React build from a private bucket and
 * sends /api/* to the HTTP API, so the session cookie is first-party and there is no CORS.
 *
 * Not production-grade: the distribution uses its *.cloudfront.net name (add a certificate and
 * domainNames for your own domain), has no WAF web ACL and no access logs.
 */
export class StaticSite extends Construct {
  readonly distribution: Distribution;

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
      securityHeadersBehavior: pageSecurityHeaders(),
    });
    // The API's domain without https:// (apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com).
    const apiDomain = Fn.select(2, Fn.split('/', props.api.apiEndpoint));

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'SAMS: web app and /api/*',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // North America, Europe, Asia (India included), Middle East and Africa; PRICE_CLASS_ALL adds South America and Oceania.
      priceClass: PriceClass.PRICE_CLASS_200,
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

    // Hashed assets first, cached for a year and never pruned (a page loaded before a deploy can
    // still fetch them); then the pages, revalidated on every load, and the cache invalidated.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(props.webDir)],
      destinationBucket: bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [Source.asset(props.webDir)],
      destinationBucket: bucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    pages.node.addDependency(assets);
  }
}
