/**
 * The one way the server reads JSON from an outside service: a time limit, a size limit, and an error
 * that names the service and what went wrong, so a caller can show "unavailable" and the log says why.
 */
export type ProviderFailure = 'timeout' | 'network' | 'http' | 'too-large' | 'malformed';

export class ProviderError extends Error {
  readonly provider: string;
  readonly failure: ProviderFailure;
  readonly status: number | null;

  constructor(provider: string, failure: ProviderFailure, message: string, status: number | null = null) {
    super(message);
    this.name = 'ProviderError';
    this.provider = provider;
    this.failure = failure;
    this.status = status;
  }
}

export interface FetchOptions {
  /** Name used in errors and logs, e.g. "Open-Meteo forecast". */
  provider: string;
  timeoutMs: number;
  /** Bodies larger than this are refused (bytes). */
  maxBytes?: number;
  headers?: Record<string, string>;
}

const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
export const USER_AGENT = 'DroneDoctor/0.1 (flight-conditions forecast)';

async function readCapped(response: Response, maxBytes: number, provider: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new ProviderError(provider, 'too-large', `${provider} sent ${declared} bytes, more than the ${maxBytes} allowed`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ProviderError(provider, 'too-large', `${provider} sent more than the ${maxBytes} bytes allowed`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** GET a URL and return its text; every failure is a ProviderError. */
export async function fetchText(url: string, options: FetchOptions): Promise<string> {
  const { provider, timeoutMs } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { headers: { 'user-agent': USER_AGENT, accept: 'application/json', ...options.headers }, signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError(provider, 'http', `${provider} answered HTTP ${response.status}`, response.status);
    }
    return await readCapped(response, options.maxBytes ?? DEFAULT_MAX_BYTES, provider);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (signal.aborted) throw new ProviderError(provider, 'timeout', `${provider} did not answer within ${timeoutMs} ms`);
    const cause = error instanceof Error ? error.message : String(error);
    throw new ProviderError(provider, 'network', `${provider} could not be reached: ${cause}`);
  }
}

/** GET a URL and parse it as JSON. */
export async function fetchJson(url: string, options: FetchOptions): Promise<unknown> {
  const text = await fetchText(url, options);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(options.provider, 'malformed', `${options.provider} sent a response that is not JSON`);
  }
}

/** Turns a zod failure into the provider's "malformed" error with the first problem named. */
export function malformed(provider: string, detail: string): ProviderError {
  return new ProviderError(provider, 'malformed', `${provider} sent a response we could not read (${detail})`);
}
