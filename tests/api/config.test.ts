import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

const secret = { authSecret: 'a'.repeat(32) };
const load = (env: Record<string, string>) => loadConfig(env, secret);

describe('loadConfig', () => {
  it('runs with nothing configured: embedded database, e-mail sign-in, development', () => {
    const config = load({});
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 5000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:5000',
      devLogin: false,
      emailSignIn: true,
      oidc: null,
      rateLimit: { signIn: 20, writes: 60 },
    });
  });

  for (const port of ['not-a-port', '70000', '-1', '80.5']) {
    it(`rejects PORT=${port}, naming the variable`, () => {
      expect(() => load({ PORT: port })).toThrow(/Invalid configuration:[\s\S]*\bPORT:/);
    });
  }

  for (const url of ['localhost:5432/db', 'not a url', 'mysql://db.example/app']) {
    it(`rejects DATABASE_URL=${url}, naming the variable and what it must be`, () => {
      expect(() => load({ DATABASE_URL: url })).toThrow(/Invalid configuration:[\s\S]*\bDATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    });
  }

  it('accepts postgres:// and postgresql:// database URLs', () => {
    expect(load({ DATABASE_URL: 'postgres://u:p@db.example:5432/app' }).databaseUrl).toBe('postgres://u:p@db.example:5432/app');
    expect(load({ DATABASE_URL: 'postgresql://db.example/app' }).databaseUrl).toBe('postgresql://db.example/app');
  });

  it('PUBLIC_URL and OIDC_ISSUER must be http(s), SMTP_URL smtp(s)', () => {
    expect(() => load({ PUBLIC_URL: 'ftp://drone.example' })).toThrow(/PUBLIC_URL: must be a http:\/\/ or https:\/\/ URL/);
    expect(() => load({ OIDC_ISSUER: 'javascript:alert(1)' })).toThrow(/OIDC_ISSUER:/);
    expect(() => load({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be a smtp:\/\/ or smtps:\/\/ URL/);
    expect(load({ SMTP_URL: 'smtps://user:pass@mail.example:465' }).smtpUrl).toBe('smtps://user:pass@mail.example:465');
  });

  it('names every invalid variable at once', () => {
    let message = '';
    try {
      load({ PORT: 'x', PUBLIC_URL: 'nope', RATE_LIMIT_WRITES: '-5', LOG_LEVEL: 'loud' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'PUBLIC_URL', 'RATE_LIMIT_WRITES', 'LOG_LEVEL']) expect(message).toMatch(new RegExp(`\\b${name}:`));
  });

  it('rejects an AUTH_SECRET shorter than 32 characters', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET:/);
  });

  it('NODE_ENV=production sets isProduction and refuses the developer sign-in whatever the flag says', () => {
    const config = load({ NODE_ENV: 'production', AUTH_DEV_LOGIN: '1' });
    expect(config.isProduction).toBe(true);
    expect(config.devLogin).toBe(false);
    expect(load({ AUTH_DEV_LOGIN: '1' }).devLogin).toBe(true);
    expect(load({ AUTH_DEV_LOGIN: 'true' }).devLogin).toBe(true);
    expect(load({ AUTH_DEV_LOGIN: '0' }).devLogin).toBe(false);
  });

  it('requires AUTH_SECRET in production with DATABASE_URL (N processes must share it)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/app' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/app', AUTH_SECRET: 's'.repeat(32) }).authSecret).toBe('s'.repeat(32));
  });

  it('normalises PUBLIC_URL, e-mail lists and the staff address', () => {
    const config = load({
      PUBLIC_URL: 'https://drone.example/',
      ADMIN_EMAILS: ' Boss@Example.com , ,second@example.com',
      STAFF_EMAIL: ' Desk@Example.com ',
    });
    expect(config.publicUrl).toBe('https://drone.example');
    expect(config.staff.admins).toEqual(['boss@example.com', 'second@example.com']);
    expect(config.staff.superAdmins).toEqual([]);
    expect(config.staff.staffEmail).toBe('desk@example.com');
  });

  it('AUTH_EMAIL=0 turns e-mail sign-in off; OIDC needs issuer, id and secret', () => {
    expect(load({ AUTH_EMAIL: '0' }).emailSignIn).toBe(false);
    expect(load({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'c' }).oidc).toBeNull();
    expect(load({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' }).oidc).toEqual({
      issuer: 'https://id.example',
      clientId: 'c',
      clientSecret: 's',
      name: 'Single sign-on',
    });
    expect(() => load({ OIDC_ISSUER: 'id.example' })).toThrow(/OIDC_ISSUER:/);
  });
});
