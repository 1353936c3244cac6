import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RESOURCES, type Resource } from '@shared/routes';
import { ASSET_PATH_METADATA_KEY, RESOURCE_METADATA_KEY } from '../resource-metadata';
import type { LambdaHandler } from './server';

interface TemplateResource {
  Type: string;
  Metadata?: Record<string, unknown>;
}

interface AssemblyManifest {
  artifacts?: Record<string, { type: string; properties?: { templateFile?: string } }>;
}

const runSynth = 'run `npm run synth` first';

/**
 * Each resource's Lambda bundle in a synthesized cloud assembly (cdk.out): the function tagged
 * with the resource in the template, and the asset directory the CDK staged its bundle in.
 */
export function findBundles(assemblyDir: string): Record<Resource, string> {
  const manifestFile = join(assemblyDir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No synthesized app in ${assemblyDir}: ${runSynth}.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as AssemblyManifest;
  const bundles: Partial<Record<Resource, string>> = {};
  for (const artifact of Object.values(manifest.artifacts ?? {})) {
    const templateFile = artifact.properties?.templateFile;
    if (artifact.type !== 'aws:cloudformation:stack' || !templateFile) continue;
    const template = JSON.parse(readFileSync(join(assemblyDir, templateFile), 'utf8')) as { Resources?: Record<string, TemplateResource> };
    for (const resource of Object.values(template.Resources ?? {})) {
      const name = resource.Metadata?.[RESOURCE_METADATA_KEY];
      const assetPath = resource.Metadata?.[ASSET_PATH_METADATA_KEY];
      if (resource.Type !== 'AWS::Lambda::Function' || typeof name !== 'string' || typeof assetPath !== 'string') continue;
      bundles[name as Resource] = join(assemblyDir, assetPath, 'index.mjs');
    }
  }
  for (const resource of RESOURCES) {
    const bundle = bundles[resource];
    if (!bundle || !existsSync(bundle))
      throw new Error(`The synthesized app in ${assemblyDir} has no bundle for ${resource}: ${runSynth}.`);
  }
  return bundles as Record<Resource, string>;
}

/** A handler loader for the local server that runs the bundles `cdk synth` made instead of the TypeScript sources. */
export function bundledHandlers(assemblyDir: string): (resource: Resource) => Promise<LambdaHandler> {
  const bundles = findBundles(assemblyDir);
  const loaded = new Map<Resource, Promise<LambdaHandler>>();
  return (resource) => {
    let handler = loaded.get(resource);
    if (!handler) {
      handler = import(/* @vite-ignore */ pathToFileURL(bundles[resource]).href).then(
        (module: { handler: LambdaHandler }) => module.handler,
      );
      loaded.set(resource, handler);
    }
    return handler;
  };
}
