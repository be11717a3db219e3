import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { configuredProviders, defaultLoginTarget } from './providers.ts';

const config = (env: Record<string, string>) => loadConfig(env, { authSecret: 'x'.repeat(32) });
const oidc = { OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' };

describe('configuredProviders', () => {
  it('email alone by default', () => {
    expect(configuredProviders(config({}))).toEqual([{ id: 'email', name: 'Email' }]);
  });

  it('lists only complete pairs, in the spec order, with OIDC first', () => {
    const list = configuredProviders(
      config({ ...oidc, TWITTER_CLIENT_ID: 't', TWITTER_CLIENT_SECRET: 't', GOOGLE_CLIENT_ID: 'g', GITHUB_CLIENT_ID: 'only-id' }),
    );
    expect(list.map((p) => p.id)).toEqual(['oidc', 'twitter', 'email']);
    expect(list.find((p) => p.id === 'twitter')?.name).toBe('X');
  });

  it('an OIDC issuer without its client secret is not configured', () => {
    expect(configuredProviders(config({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'c', AUTH_EMAIL: '0' }))).toEqual([]);
  });
});

describe('defaultLoginTarget', () => {
  it('goes straight to the issuer only when OIDC is the one provider', () => {
    expect(defaultLoginTarget([{ id: 'oidc' }])).toBe('oidc');
    expect(defaultLoginTarget([{ id: 'oidc' }, { id: 'email' }])).toBe('page');
    expect(defaultLoginTarget([{ id: 'google' }])).toBe('page');
    expect(defaultLoginTarget([])).toBe('page');
  });
});
