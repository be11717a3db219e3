/**
 * The outside facility sources' one HTTP read (doc 3 §7, §8): a time limit, a size limit, and failures in
 * the spec's words, 'HTTP {status}: {text}' for a non-OK answer and 'API Error: {message} (Code: {code})'
 * for an ArcGIS error body, so the screen can say which source failed and why.
 */
export class SourceFailure extends Error {
  constructor(message: string) {
    super(message.slice(0, 300));
    this.name = 'SourceFailure';
  }
}

const MAX_BYTES = 8 * 1024 * 1024;
const USER_AGENT = 'DroneDoctor/0.1 (UAS facilities map)';

export async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'user-agent': USER_AGENT, accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw new SourceFailure(`no answer within ${timeoutMs} ms`);
    throw new SourceFailure(error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error));
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new SourceFailure(`HTTP ${response.status}: ${text.replace(/\s+/g, ' ').trim().slice(0, 200) || response.statusText}`);
  if (text.length > MAX_BYTES) throw new SourceFailure(`the answer is larger than ${MAX_BYTES} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SourceFailure('the answer is not JSON');
  }
  // ArcGIS answers errors with HTTP 200 and an `error` object.
  if (body !== null && typeof body === 'object' && 'error' in body) {
    const e = body.error;
    if (e !== null && typeof e === 'object') {
      const { message, code } = e as { message?: unknown; code?: unknown };
      throw new SourceFailure(`API Error: ${typeof message === 'string' ? message : 'unknown error'} (Code: ${typeof code === 'number' || typeof code === 'string' ? code : 'none'})`);
    }
  }
  return body;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A text value of a record: strings trimmed (empty is none), numbers as text. */
export function text(v: unknown, max = 200): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t.slice(0, max);
}

/** A number of a record: numbers, or numeric strings (the airport database sends every value as text). */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export const validCoordinates = (lat: number | null, lon: number | null): lat is number => lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
