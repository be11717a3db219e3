import type { FastifyError, FastifyReply } from 'fastify';
import { ASSISTANT_MESSAGES, ttsRequestSchema } from '../../../shared/assistant.ts';
import { AppError } from '../../errors.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { createSpeechProvider, SpeechError } from '../../providers/speech/speech-provider.ts';

/**
 * The client of this one route raises the response text of a non-OK status as the error (spec doc 1 §7),
 * so its refusals are plain text, not the app's JSON `{ message, code }`.
 */
const plainText = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(message);

/**
 * Fastify's own refusals of the request (malformed JSON, body too large, wrong content type, rate limit)
 * answer as plain text too. Sign-in and origin refusals (AppError) and faults go on to the app-wide
 * handler, keeping its shape, status mapping and error log.
 */
function plainTextClientErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = error.statusCode;
  if (error instanceof AppError || typeof status !== 'number' || status < 400 || status >= 500) throw error;
  void plainText(reply, status, error.message);
}

/** The text, or null when the body has none (missing, not an object, not a string). */
function textOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'text' in body ? body.text : null;
}

/** POST /api/text-to-speech (spec doc 1 §7): `{ text }` → the spoken audio. */
export function speechRoutes(app: App, deps: AppDeps): void {
  const speech = createSpeechProvider(deps.config.tts);

  // A listening server gets the synthesiser ready in the background (off the request path, and in its own
  // thread); app.inject() never listens, so tests and scripts that do not speak never pay for it.
  app.addHook('onListen', async () => {
    speech.warm().catch((error: unknown) => app.log.warn({ err: error }, 'speech warm-up failed'));
  });
  app.addHook('onClose', async () => speech.close());

  app.post('/api/text-to-speech', { onRequest: deps.requireUser, config: deps.limits.writes, errorHandler: plainTextClientErrors }, async (request, reply) => {
    // Validated here rather than by a route schema, so a refusal is the plain-text reason itself.
    const text = textOf(request.body);
    if (typeof text !== 'string') return plainText(reply, 400, ASSISTANT_MESSAGES.ttsTextRequired);
    const parsed = ttsRequestSchema.safeParse({ text });
    if (!parsed.success) return plainText(reply, 400, parsed.error.issues[0]?.message ?? ASSISTANT_MESSAGES.ttsTextRequired);

    try {
      const audio = await speech.synthesise(parsed.data.text);
      return reply.type(audio.contentType).header('cache-control', 'no-store').send(audio.bytes);
    } catch (error) {
      if (!(error instanceof SpeechError)) throw error;
      request.errorStack = error.stack ?? null;
      request.log.error({ err: error, provider: speech.name }, 'text-to-speech failed');
      return plainText(reply, error.status, error.message);
    }
  });
}
