import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect issuer (oidc-provider) on a local port, with one confidential client whose
 * redirect URI is the product's callback. Discovery, JWKS and the authorization endpoint are the real ones.
 */
export async function startOidcIssuer(publicUrl: string): Promise<OidcIssuer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'drone-doctor-test';
  const clientSecret = 'drone-doctor-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [`${publicUrl}/api/auth/callback/oidc`] }],
    cookies: { keys: ['oidc-issuer-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@issuer.example`, email_verified: true, name: `Pilot ${sub}` }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** The issuer's cookies, kept across its redirects the way a browser would. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Plays the user at the issuer: from the authorization URL the product redirected to, signs in as `login`
 * on the issuer's own page, consents, and returns the URL the issuer sends the browser back to (the
 * product's callback with code and state). Only the issuer is visited; the callback is left to the test.
 */
export async function authorizeAtIssuer(authorizationUrl: string, login: string, callbackPrefix: string): Promise<string> {
  const jar = new CookieJar();
  let next: { url: string; form?: URLSearchParams } = { url: authorizationUrl };
  for (let step = 0; step < 12; step++) {
    const response = await fetch(next.url, {
      method: next.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: next.form?.toString(),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url).toString();
      if (target.startsWith(callbackPrefix)) return target;
      next = { url: target };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`issuer answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any');
    }
    next = { url: new URL(action.replaceAll('&amp;', '&'), next.url).toString(), form };
  }
  throw new Error('the issuer never redirected back to the product');
}
