/**
 * Stands in for @smithy/core/event-streams in the Lambda bundles (an esbuild alias in
 * infra/constructs/lambda-bundling.ts). The SDK imports it on demand, only for an operation that
 * streams events; DynamoDB, SES and Secrets Manager have none, so its 20 KB of every bundle would
 * never run. Locally and in scripts the SDK's own module is used.
 */
const notBundled = (): never => {
  throw new Error('Event streams are not in the Lambda bundles (functions/lib/aws/no-event-streams.ts)');
};

export const EventStreamSerde = notBundled;
export const eventStreamSerdeProvider = notBundled;
