import { createHash } from 'node:crypto';
import { Aws, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct, type IConstruct } from 'constructs';
import { acknowledge } from '../nag';

/** Where a browser upload lands until the application that claims it moves it under LEAVE_PREFIX. */
export const UPLOADS_PREFIX = 'uploads/';
export const LEAVE_PREFIX = 'leave/';
/** An upload nobody claimed is deleted a day after it came; a leave application's files after 3 years. */
export const UNCLAIMED_UPLOAD_DAYS = 1;
export const LEAVE_ATTACHMENT_DAYS = 3 * 365;

/**
 * The bucket's name is fixed at synth (stack name, account, region) rather than generated, so the
 * pages' CSP (connect-src) can name its origin without referring to the bucket: the bucket's CORS
 * rule names the site, and the site's headers policy naming the bucket would make a cycle.
 */
export function attachmentsBucketName(scope: IConstruct): string {
  const stack = Stack.of(scope);
  const tag = createHash('sha256').update(`${stack.stackName}/${stack.node.path}`).digest('hex').slice(0, 8);
  return Fn.join('-', ['sams-attachments', tag, Aws.ACCOUNT_ID, Aws.REGION]);
}

/** The bucket's regional https origin: where pages post uploads and fetch files (the SDK's virtual-hosted URL). */
export const attachmentsOrigin = (scope: IConstruct): string =>
  Fn.join('', ['https://', attachmentsBucketName(scope), '.s3.', Aws.REGION, '.', Aws.URL_SUFFIX]);

export interface AttachmentsBucketProps {
  /** The site's origin (https://…), the only one whose pages may post to it and read from it. */
  siteOrigin: string;
  /** Where S3 writes the bucket's server access logs (under attachments/). */
  logsBucket: IBucket;
}

/**
 * Private files of leave applications (medical certificates): no public access, encrypted,
 * HTTPS only, every request in the access logs. Browsers reach it only through presigned forms
 * and links (functions/lib/attachments/storage.ts), never a public URL.
 */
export class AttachmentsBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: AttachmentsBucketProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: attachmentsBucketName(this),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'attachments/',
      cors: [
        {
          allowedOrigins: [props.siteOrigin],
          allowedMethods: [HttpMethods.POST, HttpMethods.GET, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 600,
        },
      ],
      lifecycleRules: [
        {
          id: 'AbortedAndNoncurrent',
          abortIncompleteMultipartUploadAfter: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        { id: 'UnclaimedUploads', prefix: UPLOADS_PREFIX, expiration: Duration.days(UNCLAIMED_UPLOAD_DAYS) },
        { id: 'LeaveAttachments', prefix: LEAVE_PREFIX, expiration: Duration.days(LEAVE_ATTACHMENT_DAYS) },
      ],
      // Students' certificates outlive a stack: `cdk destroy` leaves the bucket (docs/operations.md).
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /**
   * Lets `fn` sign upload forms and links for any key, read an object's size and type, and delete
   * it; ListBucket so a missing key reads as 404 rather than 403. Gives it ATTACHMENTS_BUCKET.
   */
  grantTo(fn: IFunction & { addEnvironment(key: string, value: string): unknown }): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], resources: [this.bucket.arnForObjects('*')] }),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }));
    fn.addEnvironment('ATTACHMENTS_BUCKET', this.bucket.bucketName);
    // On the role: its policy is where the finding is, and a given role is not under the function.
    acknowledge(fn.role ?? fn, {
      [`AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as never)}.Arn>/*]`]:
        'Each application has its own keys under uploads/ and leave/; the function signs forms and links for the one it serves.',
    });
  }
}
