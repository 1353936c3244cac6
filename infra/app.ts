/**
 * The CDK app (cdk.json runs it). `npm run synth` / `npm run deploy`.
 *   -c webDir=path   publish this web build instead of web/dist (which is then built if stale)
 * cdk-nag's rule packs run on every synth (infra/nag.ts): an unacknowledged finding fails it.
 */
import { resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { ensureWebBuild, WEB_DIST } from './local/web-build';
import { addNagChecks } from './nag';
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
app.synth();
