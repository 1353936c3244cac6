/**
 * Template metadata on each resource's Lambda naming the resource it serves (`auth`, `term`…).
 * `npm start -- --bundled` finds each resource's bundle in cdk.out by it.
 */
export const RESOURCE_METADATA_KEY = 'sams:resource';
/** Where the CDK CLI records a function's staged asset (its bundle directory) in the template. */
export const ASSET_PATH_METADATA_KEY = 'aws:asset:path';
