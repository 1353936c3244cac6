import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** CloudFront's access logs are deleted this many days after they are written. */
export const ACCESS_LOG_DAYS = 90;

/**
 * The bucket CloudFront writes its access logs to (one line per request, under cloudfront/).
 * Kept when the stack is destroyed, as CloudFront may still deliver lines for minutes after its
 * distribution is gone; its objects expire by themselves (docs/operations.md, Tear-down).
 */
export class SiteLogs extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront's standard logs are delivered with an ACL, which a bucket-owner-enforced bucket refuses.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.bucket, {
      'AwsSolutions-S1': 'This is the log bucket itself; logging its own reads would only log the log readers.',
    });
  }
}
