import type { FastifyReply, FastifyRequest } from 'fastify';

/** Fastify's headers as a WHATWG Headers object for better-auth. */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

export function toWebRequest(request: FastifyRequest, origin: string): Request {
  const url = new URL(request.url, origin);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && typeof request.body === 'string';
  return new Request(url, {
    method: request.method,
    headers: toHeaders(request),
    body: hasBody ? (request.body as string) : undefined,
  });
}

/** Copies a WHATWG Response (status, every header including each Set-Cookie, body) onto the reply. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  return reply.send(body);
}

/** Copies only the Set-Cookie headers (a server-side call whose cookies the browser must keep). */
export function copyCookies(reply: FastifyReply, response: Response) {
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
}
