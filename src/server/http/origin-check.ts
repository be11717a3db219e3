import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests from another origin are refused (issue 2). A browser always sends Origin on a
 * cross-origin POST, and Sec-Fetch-Site on modern ones; a request with neither comes from no browser and
 * carries no victim's cookies.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const trusted = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const host = request.headers.host;
    if (origin) {
      const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
      if (origin !== trusted && !sameHost) throw new AppError(403, 'CROSS_ORIGIN', 'Cross-origin request refused.');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError(403, 'CROSS_ORIGIN', 'Cross-origin request refused.');
    }
  });
}
