/**
 * A browser, as far as a sign-in with the local OpenID provider needs one: plain fetch that keeps
 * cookies, follows redirects by hand, and fills in the provider's development login form, until
 * the provider sends it back to SAMS's redirect URI (never fetched: its URL is the answer).
 */
export async function signInAtLocalProvider(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
  pages: string[] = [],
): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = {};
  let formsFilled = 0;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: cookieHeader(cookies) } });
    keepCookies(cookies, response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      init = {};
      continue;
    }
    const page = await response.text();
    pages.push(page);
    if (!response.ok) throw new Error(`The provider answered ${response.status}: ${page.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(page)?.[1];
    if (!action || !page.includes('name="login"')) throw new Error(`The provider showed an unexpected page: ${page.slice(0, 300)}`);
    if (formsFilled++ > 0) throw new Error('The provider showed its login form again: it did not take that account');
    url = new URL(decodeHtml(action), url).href;
    const body = new URLSearchParams({ prompt: 'login', login, password: 'any password' });
    init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('The sign-in did not come back to SAMS within 12 steps');
}

function keepCookies(cookies: Map<string, string>, setCookies: string[]): void {
  for (const setCookie of setCookies) {
    const [pair = '', ...attributes] = setCookie.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, date] = attribute.trim().split('=');
      return key?.toLowerCase() === 'expires' && Date.parse(date ?? '') < Date.now();
    });
    if (expired || value === '') cookies.delete(name);
    else cookies.set(name, value);
  }
}

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

const decodeHtml = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCharCode(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
