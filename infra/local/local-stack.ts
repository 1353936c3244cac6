import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Resource } from '@shared/routes';
import { allowedHostNames } from './allowed-hosts';
import { ensureTable, startDynamoDbLocal, useLocalAwsEnvironment, type DynamoDbLocal } from './dynamodb-local';
import { loadOrCreateJwtSecret, newJwtSecret } from './jwt-secret';
import { createLocalServer, type LambdaHandler, type LocalServerOptions } from './server';

export interface LocalStackOptions {
  port: number;
  /** Where .data lives; undefined keeps everything in memory (throwaway). */
  dataDir?: string;
  /** Reuse a running DynamoDB Local (tests) instead of starting one. */
  dynamoEndpoint?: string;
  tableName: string;
  webDir: string;
  /** Seed the demo accounts and college and show the demo hint. */
  demo: boolean;
  host?: string;
  /** Where each resource's handler comes from; the TypeScript sources unless given (the bundles: bundled-handlers.ts). */
  loadHandler?: LocalServerOptions['loadHandler'];
}

export interface LocalStack {
  url: string;
  dynamoEndpoint: string;
  stop(): Promise<void>;
}

/** Each resource's handler from its TypeScript source (the default). */
export const sourceHandlers = async (resource: Resource): Promise<LambdaHandler> =>
  ((await import(`../../functions/${resource}.ts`)) as { handler: LambdaHandler }).handler;

/** DynamoDB Local, the table, the demo data and the one-origin server: the whole product on one machine. */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  let dynamo: DynamoDbLocal | undefined;
  const endpoint =
    options.dynamoEndpoint ??
    (dynamo = await startDynamoDbLocal({ dataDir: options.dataDir && join(options.dataDir, 'dynamodb') })).endpoint;
  let server: Server | undefined;
  try {
    useLocalAwsEnvironment(endpoint);
    process.env.TABLE_NAME = options.tableName;
    process.env.JWT_SECRET ||= options.dataDir ? loadOrCreateJwtSecret(join(options.dataDir, 'jwt-secret')) : newJwtSecret();
    if (options.demo) process.env.DEMO_MODE = '1';

    const client = new DynamoDBClient({ endpoint });
    await ensureTable(client, options.tableName);
    client.destroy();
    if (options.demo) await (await import('./seed')).seedDemo();

    const host = options.host ?? '127.0.0.1';
    server = createLocalServer({
      loadHandler: options.loadHandler ?? sourceHandlers,
      webDir: options.webDir,
      allowedHosts: allowedHostNames(host),
      // Set by useS3ServerEnvironment: the pages post attachments to the local S3 server.
      connectOrigins: process.env.S3_ENDPOINT ? [new URL(process.env.S3_ENDPOINT).origin] : [],
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(options.port, host, () => resolve());
    });
  } catch (error) {
    await dynamo?.stop();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    dynamoEndpoint: endpoint,
    stop: async () => {
      server!.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
      await dynamo?.stop();
    },
  };
}
