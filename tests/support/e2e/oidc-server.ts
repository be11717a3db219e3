import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OidcProvider from 'oidc-provider';

export interface OidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Every e-mail that completed the provider's sign-in form, in order. */
  readonly logins: readonly string[];
  /** Registers the app's callback as the client's redirect URI (once the app's address is known). */
  setAppUrl(appUrl: string): void;
  close(): Promise<void>;
}

// The parts of oidc-provider's API used here (the package ships no types; tests/support/oidc-provider.d.ts
// declares only its constructor and callback).
interface GrantLike {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface InteractionDetails {
  uid: string;
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
  session?: { accountId?: string };
  grantId?: string;
}
interface ProviderLike {
  Grant: (new (init: { accountId: string; clientId: string }) => GrantLike) & { find(id: string): Promise<GrantLike | undefined> };
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options: { mergeWithLastSubmission: boolean }): Promise<void>;
}
type ProviderConstructor = new (issuer: string, configuration: object) => ProviderLike;
const Provider = OidcProvider as unknown as ProviderConstructor;

/** oidc-provider's storage, in memory: what its own dev adapter does, without its start-up warning. */
type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string; consumed?: number };
class MemoryAdapter {
  static readonly store = new Map<string, Payload>();
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  private key(id: string) {
    return `${this.name}:${id}`;
  }
  async upsert(id: string, payload: Payload) {
    MemoryAdapter.store.set(this.key(id), payload);
  }
  async find(id: string) {
    return MemoryAdapter.store.get(this.key(id));
  }
  async findByUid(uid: string) {
    return [...MemoryAdapter.store.values()].find((p) => p.uid === uid);
  }
  async findByUserCode(userCode: string) {
    return [...MemoryAdapter.store.values()].find((p) => p.userCode === userCode);
  }
  async consume(id: string) {
    const payload = MemoryAdapter.store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, payload] of MemoryAdapter.store) if (payload.grantId === grantId) MemoryAdapter.store.delete(key);
  }
}

const TEN_MINUTES = 600;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's own sign-in page: one e-mail field, as a company's identity provider would show. */
const loginPage = (uid: string, clientName: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider: sign in</title></head>
<body>
  <main>
    <h1>Test identity provider</h1>
    <p>Sign in to continue to ${escapeHtml(clientName)}.</p>
    <form method="post" action="/interaction/${escapeHtml(uid)}/login">
      <label for="email">Email address</label>
      <input id="email" name="email" type="email" required autocomplete="off">
      <button type="submit">Sign in with the test provider</button>
    </form>
  </main>
</body></html>`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** A name the app can show: "Ada Lovelace" for ada.lovelace@…, so tests can tell claims arrived. */
export const nameForEmail = (email: string) =>
  (email.split('@')[0] ?? email)
    .split(/[._-]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join(' ');

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, with one confidential client whose
 * redirect URI is the app's better-auth callback. Any e-mail typed into its sign-in form is an account
 * with a verified address; no password, because the tests exercise the app's side of the protocol.
 * It answers 503 until setAppUrl has told it where the app is.
 */
export async function startOidcServer(): Promise<OidcServer> {
  const clientId = 'drone-doctor-e2e';
  const clientSecret = randomBytes(24).toString('hex');
  const logins: string[] = [];

  let provider: ProviderLike | null = null;
  let oidcCallback: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (!provider || !oidcCallback) {
      res.statusCode = 503;
      res.end('the provider has no client yet');
      return;
    }
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (!match) return oidcCallback(req, res);
    void handleInteraction(provider, req, res, match[2] === '/login').catch((error: unknown) => {
      res.statusCode = 500;
      res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'e2e', use: 'sig', alg: 'RS256' };

  const cookieKey = randomBytes(16).toString('hex');
  const createProvider = (appUrl: string) => new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Drone Doctor',
        // better-auth's generic OAuth plugin uses the core callback route: {baseURL}/callback/{providerId}.
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: MemoryAdapter,
    ttl: { Interaction: TEN_MINUTES, Session: TEN_MINUTES, Grant: TEN_MINUTES, AccessToken: TEN_MINUTES, IdToken: TEN_MINUTES, AuthorizationCode: 60 },
    jwks: { keys: [jwk] },
    cookies: { keys: [cookieKey] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true, name: nameForEmail(sub) }),
    }),
  });

  async function handleInteraction(provider: ProviderLike, req: IncomingMessage, res: ServerResponse, isSubmit: boolean) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!isSubmit || req.method !== 'POST') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(loginPage(details.uid, 'Drone Doctor'));
        return;
      }
      const email = (await readForm(req)).get('email')?.trim().toLowerCase() ?? '';
      if (!email.includes('@')) {
        res.statusCode = 400;
        res.end('an e-mail address is required');
        return;
      }
      logins.push(email);
      await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
      return;
    }
    if (details.prompt.name === 'consent') {
      // The app is this provider's first-party client: consent is granted without a screen.
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error('consent without a signed-in account');
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId });
      if (!grant) throw new Error(`grant ${details.grantId} not found`);
      if (details.prompt.details.missingOIDCScope) grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(' '));
      if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return;
    }
    res.statusCode = 501;
    res.end(`prompt ${details.prompt.name} is not handled by this test identity provider (only login and consent are)`);
  }

  return {
    issuer,
    clientId,
    clientSecret,
    logins,
    setAppUrl(appUrl) {
      provider = createProvider(appUrl);
      oidcCallback = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
