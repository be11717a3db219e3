import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The session token a request carries, read the way better-auth reads it (its `bearer` plugin, then the
 * signed session cookie) without running its router: a synchronous HMAC instead of WebCrypto's
 * per-call key import and thread-pool job (ADR 0016).
 *
 * - `{ token }`: a token whose signature checks out (or a bare bearer token, which the bearer plugin
 *   accepts unsigned); whether a session has it is for the database to say.
 * - `null`: no session at all (no cookie, or one whose signature fails): signed out.
 * - `'ask-better-auth'`: a form this reader does not handle (a signed or encoded bearer token); the
 *   caller lets better-auth decide, as before.
 */
export type TokenFound = { token: string } | null | 'ask-better-auth';

/** better-auth's tokens are 32 letters and digits; a bare bearer token of other characters goes the slow way. */
const BARE_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;
/** HMAC-SHA256 in standard base64 with its padding, as better-call signs cookies. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * Cookie values whose signature was already checked, with their token. The HMAC was a tenth of a signed-in
 * request's CPU (ADR 0016); a hit is as safe as the check, because only a value that passed it under this
 * process's secret (which never changes while it runs) is kept, and the value includes its signature.
 * Bounded: when full it starts again, which costs one HMAC per active session.
 */
const verified = new Map<string, { secret: string; token: string }>();
export const VERIFIED_COOKIES_MAX = 10_000;

export function sessionTokenOf(headers: IncomingHttpHeaders, cookieName: string, secret: string): TokenFound {
  const authorization = headers.authorization;
  // The bearer plugin: "Bearer <token>" replaces whatever cookie came with it; anything else is ignored.
  if (authorization && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
    const token = authorization.slice(7).trim();
    if (token !== '') return BARE_TOKEN.test(token) ? { token } : 'ask-better-auth';
  }
  const value = cookieValue(headers.cookie, cookieName);
  if (!value) return null;
  const known = verified.get(value);
  if (known && known.secret === secret) return { token: known.token };
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (verified.size >= VERIFIED_COOKIES_MAX) verified.clear();
  verified.set(value, { secret, token });
  return { token };
}

/** The first cookie of that name, unquoted and URL-decoded, as better-call's parser reads it. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}
