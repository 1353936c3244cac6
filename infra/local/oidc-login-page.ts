import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

/**
 * The local OpenID provider's login page, in place of oidc-provider's development one: that one
 * loads a web font from Google (nothing may call out here) and, given an email no account has,
 * ends in a server error. This one lists the demo accounts, takes any password, and hands the
 * submitted form on to oidc-provider's own development submit handler, which signs the account in.
 */
export type LoginPageAnswer = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

const INTERACTION = /^\/interaction\/[\w-]+$/;

/** Answers the login page and a login naming no account (true), or leaves the request to oidc-provider (false). */
export function localLoginPage(provider: Provider, emails: readonly string[]): LoginPageAnswer {
  const known = new Set(emails.map((email) => email.toLowerCase()));
  return async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    if (!INTERACTION.test(path)) return false;
    if (request.method === 'GET') {
      const details = await provider.interactionDetails(request, response).catch(() => undefined);
      if (details?.prompt.name !== 'login') return false;
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      return answer(response, loginForm(path, known, hint));
    }
    if (request.method !== 'POST') return false;
    const form = await readForm(request);
    const login = form.get('login')?.trim().toLowerCase() ?? '';
    // The account id is the email as findAccount answers it, lower-cased, whatever was typed.
    if (form.has('login')) form.set('login', login);
    // The stream is spent: oidc-provider reads an already parsed body from `request.body`.
    Object.assign(request, { body: Object.fromEntries(form) });
    if (form.get('prompt') !== 'login' || known.has(login)) return false;
    return answer(response, loginForm(path, known, login, `No account has the email ${login}.`));
  };
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16_384) throw new Error('The login form is too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

function answer(response: ServerResponse, html: string): true {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
  return true;
}

function loginForm(action: string, known: ReadonlySet<string>, login: string, problem?: string): string {
  const accounts = [...known].map((email) => `<li>${escapeHtml(email)}</li>`).join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in: local provider</title><style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem}
input,button{display:block;width:100%;box-sizing:border-box;margin:.5rem 0;padding:.6rem;font-size:1rem}[role=alert]{color:#a00}</style></head>
<body><h1>Local sign-in</h1><p>Stands in for the college's Google or Microsoft sign-in. Any password is taken.</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form autocomplete="off" action="${escapeHtml(action)}" method="post"><input type="hidden" name="prompt" value="login">
<label>Email<input required type="email" name="login" value="${escapeHtml(login)}" autofocus></label>
<label>Password<input required type="password" name="password"></label><button type="submit">Sign in</button></form>
<p>The accounts:</p><ul>${accounts}</ul></body></html>`;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
