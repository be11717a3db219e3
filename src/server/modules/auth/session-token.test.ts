import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionTokenOf, VERIFIED_COOKIES_MAX } from './session-token.ts';

const NAME = 'better-auth.session_token';
const sign = (token: string, secret: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
const withCookie = (value: string) => ({ cookie: `other=1; ${NAME}=${encodeURIComponent(value)}` });

describe('sessionTokenOf', () => {
  it('accepts a cookie signed with the secret, again and again (the second time from its memory of checked values)', () => {
    const value = sign('abcDEF0123456789abcDEF0123456789', 's1');
    expect(sessionTokenOf(withCookie(value), NAME, 's1')).toEqual({ token: 'abcDEF0123456789abcDEF0123456789' });
    expect(sessionTokenOf(withCookie(value), NAME, 's1')).toEqual({ token: 'abcDEF0123456789abcDEF0123456789' });
  });

  it('refuses a value checked under another secret, and a tampered token or signature, even right after the good one was accepted', () => {
    const token = 'tokenTOKENtoken0123456789abcdefg';
    const good = sign(token, 's1');
    expect(sessionTokenOf(withCookie(good), NAME, 's1')).toEqual({ token });
    expect(sessionTokenOf(withCookie(good), NAME, 's2')).toBeNull();
    expect(sessionTokenOf(withCookie(`X${good.slice(1)}`), NAME, 's1')).toBeNull();
    const sig = good.slice(good.lastIndexOf('.') + 1);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(sessionTokenOf(withCookie(`${token}.${flipped}`), NAME, 's1')).toBeNull();
  });

  it('stays bounded: past its size it starts again and still answers right', () => {
    for (let i = 0; i <= VERIFIED_COOKIES_MAX + 5; i++) {
      const token = `t${String(i).padStart(31, '0')}`;
      expect(sessionTokenOf(withCookie(sign(token, 's1')), NAME, 's1')).toEqual({ token });
    }
    const first = 't'.padEnd(32, '0');
    expect(sessionTokenOf(withCookie(sign(first, 's1')), NAME, 's1')).toEqual({ token: first });
  });

  it('is signed out without the cookie and takes a bearer token over it', () => {
    expect(sessionTokenOf({}, NAME, 's1')).toBeNull();
    expect(sessionTokenOf({ authorization: 'Bearer abc123', ...withCookie(sign('zzz', 's1')) }, NAME, 's1')).toEqual({ token: 'abc123' });
  });
});
