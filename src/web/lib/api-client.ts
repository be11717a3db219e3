/**
 * The web app's one API client (spec doc 1 §7 and §8): every call sends credentials, a body goes as JSON
 * only when given, and a non-OK answer raises `{status}: {message}` with the message taken from the JSON
 * body's `message`, else the status text, else the raw text, else `Error {status}`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(`${status}: ${message}`);
    this.status = status;
    this.body = body;
  }

  /** The server's own message, without the status prefix. */
  get serverMessage(): string {
    return this.message.replace(/^\d+: /, '');
  }
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** What a 401 does: raise "Unauthorized" (the default) or resolve to null. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const raw = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  const fromBody =
    parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : '';
  const message = fromBody || response.statusText || raw || `Error ${response.status}`;
  return new ApiError(response.status, message, parsed ?? raw);
}

/** A raw call: returns the Response when OK, raises ApiError otherwise. */
export async function apiRequest(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
  if (!response.ok) throw await errorFrom(response);
  return response;
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** GET and parse JSON; a 401 raises "Unauthorized" or yields null, per call. */
export async function apiGet<T>(url: string, options: RequestOptions & { on401: 'returnNull' }): Promise<T | null>;
export async function apiGet<T>(url: string, options?: RequestOptions): Promise<T>;
export async function apiGet<T>(url: string, options: RequestOptions = {}): Promise<T | null> {
  try {
    return await json<T>(await apiRequest('GET', url, options));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (options.on401 === 'returnNull') return null;
      throw new ApiError(401, 'Unauthorized', error.body);
    }
    throw error;
  }
}

export async function apiSend<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options: RequestOptions = {}): Promise<T> {
  return json<T>(await apiRequest(method, url, options));
}
