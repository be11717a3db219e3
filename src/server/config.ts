import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
const flag = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true');
const optionalUrl = z.url().optional();
/** A URL of the given schemes: `localhost:5432/db` parses as a URL of scheme "localhost", so say which. */
const optionalUrlOf = (protocol: RegExp, schemes: string) => z.url({ protocol, error: `must be a ${schemes} URL` }).optional();
const httpUrl = optionalUrlOf(/^https?$/, 'http:// or https://');
const optionalText = z.string().min(1).optional();

/** Every environment variable the product reads, validated once at start-up (DESIGN §1). */
export const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrlOf(/^postgres(ql)?$/, 'postgres:// or postgresql://'),
  /** The address users reach the product at; defaults to http://localhost:PORT. */
  PUBLIC_URL: httpUrl,
  AUTH_SECRET: z.string().min(32).optional(),
  AUTH_DEV_LOGIN: flag,
  OIDC_ISSUER: httpUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: z.string().default('Single sign-on'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  APPLE_CLIENT_ID: optionalText,
  APPLE_CLIENT_SECRET: optionalText,
  TWITTER_CLIENT_ID: optionalText,
  TWITTER_CLIENT_SECRET: optionalText,
  /** Email sign-in is on unless set to 0 (it needs only the mail provider, which always exists). */
  AUTH_EMAIL: z
    .string()
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  SMTP_URL: optionalUrlOf(/^smtps?$/, 'smtp:// or smtps://'),
  MAIL_FROM: z.string().default('Drone Doctor <no-reply@drone-doctor.local>'),
  ADMIN_EMAILS: emailList,
  SUPER_ADMIN_EMAILS: emailList,
  DEVELOPER_EMAILS: emailList,
  STAFF_EMAIL: z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() || undefined),
  /** Requests a minute per IP on sign-in, and per user on writes; 0 turns the limit off (load tests). */
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(0).default(20),
  RATE_LIMIT_WRITES: z.coerce.number().int().min(0).default(60),
  TRUST_PROXY: flag,
  /** PostgreSQL connections per process; the server's max_connections must cover this × processes, plus one LISTEN connection each. */
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a whole number of connections' }).int({ error: 'must be a whole number of connections' }).min(2, { error: 'must be at least 2' }).max(200, { error: 'must be at most 200' }).default(10),
  /** Worker processes `npm start` runs on one port (PostgreSQL only; PGlite is one process). */
  WEB_CONCURRENCY: z.coerce.number({ error: 'must be a whole number of processes' }).int({ error: 'must be a whole number of processes' }).min(1, { error: 'must be at least 1' }).max(64, { error: 'must be at most 64' }).default(1),
  /** Weather and aviation providers (DESIGN §4): public services, no key; point them elsewhere for tests. */
  OPEN_METEO_URL: z.url().default('https://api.open-meteo.com'),
  OPEN_METEO_GEOCODING_URL: z.url().default('https://geocoding-api.open-meteo.com'),
  OPEN_METEO_AIR_QUALITY_URL: z.url().default('https://air-quality-api.open-meteo.com'),
  AVIATION_WEATHER_URL: z.url().default('https://aviationweather.gov'),
  SWPC_URL: z.url().default('https://services.swpc.noaa.gov'),
  /** Time limit of each weather provider call, ms. */
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(6000),
  /** Any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp); without it the embedded defaults answer. */
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  /** Time the model gets before the assistant falls back to the embedded answer, ms. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** An OpenAI-compatible /audio/speech server; without it speech is synthesised in-process. */
  TTS_BASE_URL: optionalUrl,
  TTS_API_KEY: optionalText,
  TTS_VOICE: optionalText,
  /** Optional online basemap tiles for the facilities map ({z}/{x}/{y}); without them the offline outlines serve. */
  FACILITIES_TILE_URL: z
    .string()
    .max(500)
    .regex(/^https?:\/\/\S+\{z\}\S*$/, { error: 'must be an http(s) tile URL with {z}, {x} and {y}' })
    .optional(),
  FACILITIES_TILE_ATTRIBUTION: z.string().max(300).optional(),
  /** Doc 3 §7's optional outside facility sources; with none set, the bundled data set serves alone. */
  FACILITIES_LIVE_AIRPORT_URL: httpUrl,
  FACILITIES_AIRPORT_DATABASE_URL: httpUrl,
  /** An ArcGIS FeatureServer layer of FAA facilities (…/FeatureServer/0), and the FAA UAS Facility Map layer. */
  FACILITIES_FAA_URL: httpUrl,
  FACILITIES_UAS_FACILITY_MAP_URL: httpUrl,
  /** Time limit of each outside facility call, ms. */
  FACILITIES_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(8000),
  /** Payments (DESIGN §4): without a secret key payments are off and staff assign tiers. */
  STRIPE_SECRET_KEY: z.string().min(1).max(500).regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).max(500).regex(/^pk_/, 'must be a Stripe publishable key (pk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).max(500).regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)').optional(),
  STRIPE_PRICE_HOBBYIST: optionalText,
  STRIPE_PRICE_PRO: optionalText,
  STRIPE_PRICE_BUSINESS: optionalText,
  STRIPE_PRICE_BUSINESS_PRO: optionalText,
  /** The recurring $30/month price of one pilot seat beyond the business plan's included ones (ADR 0041). */
  STRIPE_PRICE_BUSINESS_SEAT: optionalText,
  /** Stripe's API address; point it at stripe-mock or a test server. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be a http:// or https:// URL' }).default('https://api.stripe.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  devLogin: boolean;
  oidc: (OAuthClient & { issuer: string; name: string }) | null;
  social: { google: OAuthClient | null; github: OAuthClient | null; apple: OAuthClient | null; twitter: OAuthClient | null };
  emailSignIn: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  staff: { admins: string[]; superAdmins: string[]; developers: string[]; staffEmail: string | undefined };
  rateLimit: { signIn: number; writes: number };
  trustProxy: boolean;
  webConcurrency: number;
  databasePoolSize: number;
  weather: {
    forecastUrl: string;
    geocodingUrl: string;
    airQualityUrl: string;
    aviationWeatherUrl: string;
    swpcUrl: string;
    timeoutMs: number;
  };
  /** null: no model configured, the embedded defaults answer. */
  llm: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | null;
  /** null = the in-process synthesiser */
  tts: { baseUrl: string; apiKey: string | undefined; voice: string } | null;
  /** The facilities map's optional online tiles (null: offline outline basemap only). */
  facilities: {
    tileUrl: string | null;
    tileAttribution: string | null;
    /** Base URLs of the optional outside sources (null: not used). */
    liveAirportUrl: string | null;
    airportDatabaseUrl: string | null;
    faaUrl: string | null;
    uasFacilityMapUrl: string | null;
    timeoutMs: number;
  };
  /** null: payments are not configured (no STRIPE_SECRET_KEY). */
  stripe: StripeConfig | null;
  logLevel: Env['LOG_LEVEL'];
  /** Where the built web app is; absent in API-only tests. */
  webRoot: string | null;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  apiUrl: string;
  /** The catalogue's price id of each paid tier that has one configured. */
  prices: Partial<Record<'hobbyist' | 'pro' | 'business' | 'business_pro', string>>;
  /** The price of an extra pilot seat, billed as a quantity on a business subscription (ADR 0041). */
  seatPrice: string | undefined;
}

function stripeConfig(env: Env): StripeConfig | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const prices: StripeConfig['prices'] = {};
  if (env.STRIPE_PRICE_HOBBYIST) prices.hobbyist = env.STRIPE_PRICE_HOBBYIST;
  if (env.STRIPE_PRICE_PRO) prices.pro = env.STRIPE_PRICE_PRO;
  if (env.STRIPE_PRICE_BUSINESS) prices.business = env.STRIPE_PRICE_BUSINESS;
  if (env.STRIPE_PRICE_BUSINESS_PRO) prices.business_pro = env.STRIPE_PRICE_BUSINESS_PRO;
  const ids = [...Object.values(prices), ...(env.STRIPE_PRICE_BUSINESS_SEAT ? [env.STRIPE_PRICE_BUSINESS_SEAT] : [])];
  // One price for two tiers (or a tier and the seat) would make the tier a subscription grants ambiguous.
  if (new Set(ids).size !== ids.length) throw new Error('Invalid configuration:\n  STRIPE_PRICE_*: each plan needs its own price id');
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
    prices,
    seatPrice: env.STRIPE_PRICE_BUSINESS_SEAT,
  };
}

const pair = (id: string | undefined, secret: string | undefined): OAuthClient | null =>
  id && secret ? { clientId: id, clientSecret: secret } : null;

/** The secret signs session cookies; without one we make one per data dir so restarts keep sessions. */
function resolveSecret(env: Env, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error('AUTH_SECRET (at least 32 characters) is required in production with DATABASE_URL.');
  }
  const file = join(dataDir, '.auth-secret');
  if (existsSync(file)) {
    // A secret readable by others signs sessions anyone could forge: keep it the owner's alone.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  // 0700: PGlite's own files are world-writable whatever the umask, so the folder protects them.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR);
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, name: env.OIDC_NAME }
      : null;
  const config: Config = {
    env: env.NODE_ENV ?? 'development',
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    authSecret: overrides.authSecret ?? resolveSecret(env, dataDir),
    // The developer sign-in never exists in production, whatever the flag says.
    devLogin: env.AUTH_DEV_LOGIN && !isProduction,
    oidc,
    social: {
      google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      github: pair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET),
      apple: pair(env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET),
      twitter: pair(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET),
    },
    emailSignIn: env.AUTH_EMAIL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    staff: {
      admins: env.ADMIN_EMAILS,
      superAdmins: env.SUPER_ADMIN_EMAILS,
      developers: env.DEVELOPER_EMAILS,
      staffEmail: env.STAFF_EMAIL,
    },
    rateLimit: { signIn: env.RATE_LIMIT_SIGN_IN, writes: env.RATE_LIMIT_WRITES },
    trustProxy: env.TRUST_PROXY,
    webConcurrency: env.WEB_CONCURRENCY,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    weather: {
      forecastUrl: env.OPEN_METEO_URL,
      geocodingUrl: env.OPEN_METEO_GEOCODING_URL,
      airQualityUrl: env.OPEN_METEO_AIR_QUALITY_URL,
      aviationWeatherUrl: env.AVIATION_WEATHER_URL,
      swpcUrl: env.SWPC_URL,
      timeoutMs: env.WEATHER_TIMEOUT_MS,
    },
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS }
        : null,
    tts: env.TTS_BASE_URL ? { baseUrl: env.TTS_BASE_URL, apiKey: env.TTS_API_KEY, voice: env.TTS_VOICE ?? 'alloy' } : null,
    facilities: {
      tileUrl: env.FACILITIES_TILE_URL ?? null,
      tileAttribution: env.FACILITIES_TILE_ATTRIBUTION ?? null,
      liveAirportUrl: env.FACILITIES_LIVE_AIRPORT_URL ?? null,
      airportDatabaseUrl: env.FACILITIES_AIRPORT_DATABASE_URL ?? null,
      faaUrl: env.FACILITIES_FAA_URL ?? null,
      uasFacilityMapUrl: env.FACILITIES_UAS_FACILITY_MAP_URL ?? null,
      timeoutMs: env.FACILITIES_TIMEOUT_MS,
    },
    stripe: stripeConfig(env),
    logLevel: env.LOG_LEVEL,
    webRoot: null,
  };
  return { ...config, ...overrides };
}
