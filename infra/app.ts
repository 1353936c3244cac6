/**
 * The CDK app (cdk.json runs it). `npm run synth` / `npm run deploy`.
 *   -c webDir=path   publish this web build instead of web/dist (which is then built if stale)
 *   -c edge=true     also the SamsEdge stack (us-east-1): the login rate limit of a Sams stack deployed elsewhere
 * cdk-nag's rule packs run on every synth (infra/nag.ts): an unacknowledged finding fails it.
 */
import { resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { ensureWebBuild, WEB_DIST } from './local/web-build';
import { addNagChecks } from './nag';
import { SamsEdgeStack } from './edge-stack';
import { SamsStack } from './sams-stack';

const app = new App();
addNagChecks(app);
const webDirContext: unknown = app.node.tryGetContext('webDir');
if (webDirContext === undefined && (await ensureWebBuild())) console.error('Built the web app into web/dist');
const webDir = typeof webDirContext === 'string' ? resolve(webDirContext) : WEB_DIST;

new SamsStack(app, 'Sams', {
  description: 'SAMS: student attendance management (web app, API, data)',
  webDir,
});
if (app.node.tryGetContext('edge') === 'true') {
  new SamsEdgeStack(app, 'SamsEdge', { description: 'SAMS: the login rate limit (AWS WAF) of a Sams stack outside us-east-1' });
}
app.synth();
