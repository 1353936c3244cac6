import { get, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '@infra/local/event-adapter';
import { allowedHostNames } from '@infra/local/allowed-hosts';
import { createLocalServer } from '@infra/local/server';

let url: string;
let port: number;
let webDir: string;
const BIG_SCRIPT = Array.from({ length: 400 }, (_, at) => `export const value${at} = ${at};`).join('\n');
let close: () => void;
const received: { resource: string; event: APIGatewayProxyEventV2 }[] = [];

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'sams-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>SAMS app</title>');
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(join(webDir, 'assets', 'app-123.js.map'), '{"version":3}');
  writeFileSync(join(webDir, 'assets', 'big-456.js'), BIG_SCRIPT);
  writeFileSync(join(webDir, 'assets', 'icon-789.png'), Buffer.alloc(5000, 7));
  const server = createLocalServer({
    webDir,
    allowedHosts: allowedHostNames('127.0.0.1'),
    // The stand-in below answers every route alike, which no route's contract allows.
    checkAnswers: false,
    // A stand-in Lambda that records the event it got and answers like a real one.
    loadHandler: async (resource) => async (event) => {
      received.push({ resource, event });
      return {
        statusCode: 207,
        headers: { 'X-Custom': 'yes', 'content-type': 'application/json' },
        cookies: ['a=1; Path=/', 'b=2; Path=/'],
        body: Buffer.from('{"ok":true}').toString('base64'),
        isBase64Encoded: true,
      };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
  close = () => server.close();
});
afterAll(() => close());

/** A GET whose body is left as sent (fetch would decompress it). */
const rawGet = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { host: 'localhost', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

/** Raw bytes in, the server's whole answer out: for what fetch will not send. */
const rawRequest = (bytes: string) =>
  new Promise<string>((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
  });

describe('local server: the API Gateway payload 2.0 event', () => {
  it('passes routeKey, raw path and query, parameters, cookies, headers and body as API Gateway does', async () => {
    const response = await fetch(`${url}/api/v1/student/division/div%201?b=2&a=1&a=3`, {
      method: 'GET',
      headers: { cookie: 'x=1; sams_session=tok', 'X-Trace': 'abc' },
    });
    expect(response.status).toBe(207);
    const { resource, event } = received.at(-1)!;
    expect(resource).toBe('student');
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /api/v1/student/division/{divisionid}');
    expect(event.rawPath).toBe('/api/v1/student/division/div%201');
    expect(event.rawQueryString).toBe('b=2&a=1&a=3');
    expect(event.pathParameters).toEqual({ divisionid: 'div%201' });
    expect(event.queryStringParameters).toEqual({ a: '1,3', b: '2' });
    expect(event.cookies).toEqual(['x=1', 'sams_session=tok']);
    expect(event.headers['x-trace']).toBe('abc');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
    expect(event.body).toBeUndefined();
    expect(event.requestContext.http.method).toBe('GET');
    expect(event.requestContext.http.path).toBe('/api/v1/student/division/div%201');
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(event.requestContext.timeEpoch - Date.now())).toBeLessThan(5000);
  });

  it('passes a text body as text and a binary body as base64', async () => {
    await fetch(`${url}/api/v1/term`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"T"}' });
    expect(received.at(-1)!.event).toMatchObject({ body: '{"name":"T"}', isBase64Encoded: false, routeKey: 'POST /api/v1/term' });
    const binary = Buffer.from([0xff, 0xfe, 0x00, 0x01]);
    await fetch(`${url}/api/v1/term`, { method: 'POST', body: binary });
    const event = received.at(-1)!.event;
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64').equals(binary)).toBe(true);
  });

  it('turns the result into status, headers, one Set-Cookie per cookie and the decoded body', async () => {
    const response = await fetch(`${url}/api/v1/term`);
    expect(response.status).toBe(207);
    expect(response.headers.get('x-custom')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('prefers a static path segment over a parameter, as API Gateway does', () => {
    expect(matchRoute('PATCH', '/api/v1/student/updateterm')?.route.path).toBe('/student/updateterm');
    expect(matchRoute('PATCH', '/api/v1/student/abc')?.route.path).toBe('/student/{id}');
    expect(matchRoute('DELETE', '/api/v1/division/delete/s1')?.route.path).toBe('/division/delete/{semid}');
    expect(matchRoute('GET', '/api/v1/term/active')?.route.path).toBe('/term/active');
    expect(matchRoute('GET', '/api/v1/term/')).toBeNull();
    expect(matchRoute('PUT', '/api/v1/term')).toBeNull();
  });

  it('drops a client-sent x-forwarded-host: only CloudFront may set it', async () => {
    await fetch(`${url}/api/v1/term`, { headers: { 'x-forwarded-host': 'evil.example' } });
    expect(received.at(-1)!.event.headers['x-forwarded-host']).toBeUndefined();
  });

  it('answers only the host names it serves (DNS rebinding), for the API and the pages alike', async () => {
    const before = received.length;
    for (const host of ['evil.example', 'localhost.evil.example', 'evil.example@localhost', '']) {
      for (const path of ['/api/v1/term', '/login']) {
        const answer = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        expect(answer, `${host} ${path}`).toMatch(/^HTTP\/1\.1 (403|400) /);
      }
    }
    expect(received.length).toBe(before);
    for (const host of ['localhost', `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect(await rawRequest(`GET /login HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 200 /);
    }
  });

  it('answers a request target that is not a path with 400 and goes on serving', async () => {
    for (const target of ['http://[/', 'http://localhost/login', '//evil.example/x', '*']) {
      expect(await rawRequest(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect((await fetch(`${url}/login`)).status).toBe(200);
  });

  it('answers 404 JSON for an API path no route matches, without calling a handler', async () => {
    const before = received.length;
    const response = await fetch(`${url}/api/v1/term/x/y`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ data: null, message: 'Not found' });
    expect(received.length).toBe(before);
  });
});

describe('local server: the web app', () => {
  it('serves index.html for client routes, with the page security headers', async () => {
    for (const path of ['/', '/login', '/dashboard/term', '/students/abc?extraData=x']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('SAMS app');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves assets with their type and long caching, and 404s missing files instead of index.html', async () => {
    const asset = await fetch(`${url}/assets/app-123.js`);
    expect(asset.headers.get('content-type')).toMatch(/text\/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${url}/..%2f..%2fetc%2fpasswd.txt`)).status).toBe(404);
  });

  it('compresses as CloudFront does: brotli, else gzip, by Accept-Encoding, for compressible files of 1,000 bytes or more', async () => {
    const brotli = await rawGet('/assets/big-456.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotli.body.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(BIG_SCRIPT);

    const gzip = await rawGet('/assets/big-456.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(BIG_SCRIPT);

    for (const [path, acceptEncoding] of [
      ['/assets/big-456.js', 'identity'],
      ['/assets/big-456.js', ''],
      ['/assets/app-123.js', 'br'], // under 1,000 bytes
      ['/assets/icon-789.png', 'br'], // already compressed
    ]) {
      const plain = await rawGet(path!, { 'accept-encoding': acceptEncoding! });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.body.length).toBe(Number(plain.headers['content-length']));
    }
  });

  it('answers 304 to a browser whose copy of a page is current, and the page again once it changed', async () => {
    const first = await rawGet('/login', {});
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await rawGet('/dashboard', { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['content-security-policy']).toContain("default-src 'self'");
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>SAMS app, new build</title>');
    const changed = await rawGet('/login', { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toContain('new build');
  });

  it('does not publish source maps that sit in the build output', async () => {
    expect((await fetch(`${url}/assets/app-123.js.map`)).status).toBe(404);
  });
});
