import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_HEADERS, pageHeadersConnectingTo } from '@shared/security-headers';
import type { Resource } from '@shared/routes';
import { MESSAGES } from '@shared/messages';
import { hostNameOf } from './allowed-hosts';
import { answerProblem } from './answer-check';
import { chooseEncoding, compressedFile, entityTag, isCurrent } from './static-files';
import { fromLambdaResult, isApiPath, lambdaContext, matchRoute, toApiGatewayEvent } from './event-adapter';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string>;

export interface LocalServerOptions {
  /** The handler a resource's Lambda exports (from the TypeScript sources or from the bundles). */
  loadHandler: (resource: Resource) => Promise<LambdaHandler>;
  /** The web build to serve; client routes fall back to its index.html. */
  webDir: string;
  /** The Host names answered (allowed-hosts.ts); any other Host gets 403. */
  allowedHosts: Set<string>;
  /** Check each successful answer against its route's schema (answer-check.ts); on unless a test's stand-in handlers answer no route's contract. */
  checkAnswers?: boolean;
  /** Origins besides its own the pages may fetch from (their CSP's connect-src): the local S3 server's. */
  connectOrigins?: readonly string[];
}

// API Gateway's own payload limit; the handlers enforce the app's 256 KB.
const GATEWAY_MAX_BODY = 10 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

// Source maps stay in the build output for debugging; they are not published (docs/security.md).
const UNPUBLISHED = new Set(['.map']);

/**
 * One origin for the web build and the API, as CloudFront gives in AWS. Nothing a client sends
 * ends the process: every request's work, from parsing its URL on, runs inside one catch.
 */
export function createLocalServer(options: LocalServerOptions): Server {
  const server = createServer((request, response) => {
    handle(request, response, options).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) sendJson(response, 500, MESSAGES.serverError);
      else response.destroy();
    });
  });
  // An idle connection is kept longer than clients keep theirs (Node's 5 s default): a client that
  // reused one the moment the server closed it got ECONNRESET (seen in e2e runs under load).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // A request Node's parser refuses (bad request line, oversized headers) gets 400, as Node does by default.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

async function handle(request: IncomingMessage, response: ServerResponse, options: LocalServerOptions): Promise<void> {
  const path = pathOf(request.url);
  if (path === null) return sendJson(response, 400, MESSAGES.badRequestTarget);
  const host = hostNameOf(request.headers.host);
  if (host === null || !options.allowedHosts.has(host)) return sendJson(response, 403, MESSAGES.unknownHost);
  return isApiPath(path)
    ? serveApi(request, response, path, options)
    : serveWeb(request, response, path, options.webDir, pageHeadersConnectingTo(options.connectOrigins ?? []));
}

/** The path of a request target: origin-form (`/a?b`) only; absolute and malformed targets are refused. */
function pathOf(target: string | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//')) return null;
  try {
    return new URL(target, 'http://local').pathname;
  } catch {
    return null;
  }
}

function sendJson(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { ...API_HEADERS }).end(JSON.stringify({ data: null, message }));
}

async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > GATEWAY_MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function serveApi(request: IncomingMessage, response: ServerResponse, path: string, options: LocalServerOptions) {
  const matched = matchRoute(request.method ?? 'GET', path);
  const body = await readBody(request);
  if (body === null) return sendJson(response, 413, MESSAGES.bodyTooLarge);
  if (!matched) return sendJson(response, 404, MESSAGES.notFound);
  const event = toApiGatewayEvent(request, body, matched, request.socket.remoteAddress ?? '127.0.0.1');
  const handler = await options.loadHandler(matched.route.resource);
  const result = fromLambdaResult(await handler(event, lambdaContext(`sams-${matched.route.resource}`, event.requestContext.requestId)));
  const problem = options.checkAnswers === false ? null : answerProblem(matched.route, result.status, result.body);
  if (problem) {
    console.error(problem);
    return sendJson(response, 500, problem);
  }
  response.writeHead(result.status, { ...result.headers, ...(result.cookies.length ? { 'set-cookie': result.cookies } : {}) });
  response.end(result.body);
}

async function serveWeb(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  webDir: string,
  pageHeaders: Readonly<Record<string, string>>,
) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { ...pageHeaders, allow: 'GET, HEAD' }).end();
    return;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    response.writeHead(400, pageHeaders).end();
    return;
  }
  // Paths without an extension are client routes: the app's index.html answers them.
  const relative = extname(decoded) ? normalize(decoded) : '/index.html';
  const file = join(webDir, relative);
  if (!file.startsWith(webDir + sep) || UNPUBLISHED.has(extname(file))) {
    response.writeHead(404, pageHeaders).end();
    return;
  }
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    response.writeHead(404, { ...pageHeaders, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const immutable = relative.startsWith(`${sep}assets${sep}`);
  const tag = entityTag(info);
  const encoding = chooseEncoding(request.headers['accept-encoding'], file, info.size);
  const headers = {
    ...pageHeaders,
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag: tag,
    vary: 'Accept-Encoding',
  };
  if (isCurrent(request.headers['if-none-match'], tag)) {
    response.writeHead(304, headers).end();
    return;
  }
  if (encoding) {
    const body = await compressedFile(file, info, encoding);
    response.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  response.writeHead(200, { ...headers, 'content-length': info.size });
  if (request.method === 'HEAD') response.end();
  // pipeline, not pipe: a file that vanishes mid-read (a rebuild) ends this response, not the process.
  else await pipeline(createReadStream(file), response).catch(() => response.destroy());
}
