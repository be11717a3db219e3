import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  bulkDeleteSchema,
  bulkPatchSchema,
  bulkResultSchema,
  clarifyRequestSchema,
  flightLogDeleteResponseSchema,
  flightLogIdParamsSchema,
  flightLogIdsQuerySchema,
  flightLogIdsSchema,
  flightLogInputSchema,
  flightLogListQuerySchema,
  flightLogListSchema,
  flightLogPatchSchema,
  flightLogSchema,
  flightStatsSchema,
  importResponseSchema,
  importSessionParamsSchema,
  totalHoursSchema,
} from '../../../shared/flight-logs/contract.ts';
import { AppError } from '../../errors.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { createImportService } from './import/import-service.ts';
import { createLlmColumnMapper } from './import/llm-mapper.ts';
import { Slots } from './import/slots.ts';
import { createFlightLogsService } from './service.ts';

// Windows browsers label .csv files application/vnd.ms-excel; the content decides what the file is anyway.
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'text/comma-separated-values', 'application/vnd.ms-excel'];
/** Imports reading and parsing at once in this process (ADR 0035): one 50 MB file and its parse at a time. */
const IMPORT_CONCURRENCY = 1;
const tooLarge = () => new AppError(413, 'CSV_TOO_LARGE', `The CSV file is too large: the limit is ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`);

/**
 * Reads the raw body up to the import's own limit, with a message that says so (not Fastify's 100 KB
 * JSON limit). With a Content-Length the bytes go straight into one buffer of that size: a 50 MB file
 * is held once, not as chunks plus their concatenation.
 */
async function readCsvBody(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > IMPORT_MAX_BYTES) throw tooLarge();
  if (Number.isInteger(declared) && declared > 0) {
    const body = Buffer.allocUnsafe(declared);
    let size = 0;
    for await (const chunk of payload) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (size + buf.length > declared) throw new AppError(400, 'VALIDATION', 'The request body is longer than its Content-Length.');
      buf.copy(body, size);
      size += buf.length;
    }
    // A body cut short (the client went away) is not a smaller file: nothing of it is imported.
    if (size !== declared) throw new AppError(400, 'VALIDATION', 'The request body ended before its Content-Length.');
    return body;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > IMPORT_MAX_BYTES) throw tooLarge();
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size);
}

/** The flight logbook (doc 2 §7): logs, totals, the chart's figures, CSV export and import. */
export function flightLogRoutes(app: App, deps: AppDeps) {
  const logs = createFlightLogsService(deps.db);
  const imports = createImportService(deps.db, deps.config.llm ? createLlmColumnMapper(deps.config.llm) : null);
  const read = { onRequest: deps.requireUser };
  const write = { onRequest: deps.requireUser, config: deps.limits.writes };

  app.get('/api/flight-logs', { ...read, schema: { querystring: flightLogListQuerySchema, response: { 200: flightLogListSchema } } }, async (request) =>
    logs.list(requireCurrentUser(request).id, request.query),
  );

  app.get('/api/flight-logs/ids', { ...read, schema: { querystring: flightLogIdsQuerySchema, response: { 200: flightLogIdsSchema } } }, async (request) =>
    logs.ids(requireCurrentUser(request).id, request.query),
  );

  app.post('/api/flight-logs', { ...write, schema: { body: flightLogInputSchema, response: { 201: flightLogSchema } } }, async (request, reply) =>
    reply.status(201).send(await logs.create(requireCurrentUser(request), request.body)),
  );

  app.put('/api/flight-logs/:id', { ...write, schema: { params: flightLogIdParamsSchema, body: flightLogInputSchema, response: { 200: flightLogSchema } } }, async (request) =>
    logs.replace(requireCurrentUser(request), request.params.id, request.body),
  );

  app.patch('/api/flight-logs/:id', { ...write, schema: { params: flightLogIdParamsSchema, body: flightLogPatchSchema, response: { 200: flightLogSchema } } }, async (request) =>
    logs.patch(requireCurrentUser(request), request.params.id, request.body),
  );

  app.delete('/api/flight-logs/:id', { ...write, schema: { params: flightLogIdParamsSchema, response: { 200: flightLogDeleteResponseSchema } } }, async (request) =>
    logs.remove(requireCurrentUser(request), request.params.id),
  );

  // Bulk edit and delete of a selection, in chunks of ids (ADR 0036); POST: a body on DELETE is not portable.
  app.post('/api/flight-logs/bulk/delete', { ...write, schema: { body: bulkDeleteSchema, response: { 200: bulkResultSchema } } }, async (request) =>
    logs.bulkDelete(requireCurrentUser(request), request.body.ids),
  );

  app.post('/api/flight-logs/bulk/patch', { ...write, schema: { body: bulkPatchSchema, response: { 200: bulkResultSchema } } }, async (request) =>
    logs.bulkPatch(requireCurrentUser(request), request.body.ids, request.body.changes),
  );

  app.get('/api/flight-hours/total', { ...read, schema: { response: { 200: totalHoursSchema } } }, async (request) => logs.totalHours(requireCurrentUser(request).id));

  app.get('/api/flight-logs/stats', { ...read, schema: { response: { 200: flightStatsSchema } } }, async (request) => logs.stats(requireCurrentUser(request).id));

  // Bearer or cookie (both resolve in requireUser); a file download, so the body is the CSV itself.
  app.get('/api/flight-logs/export/csv', read, async (request, reply) => {
    const { fileName, body } = logs.exportCsv(requireCurrentUser(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.post(
    '/api/flight-logs/import/csv/clarify',
    { ...write, schema: { body: clarifyRequestSchema, response: { 200: importResponseSchema } } },
    async (request) => imports.clarify(requireCurrentUser(request), request.body.sessionId, request.body.clarification),
  );

  app.delete(
    '/api/flight-logs/import/sessions/:sessionId',
    { ...write, schema: { params: importSessionParamsSchema, response: { 200: z.object({ sessionId: z.string(), message: z.string() }) } } },
    async (request) => imports.cancel(requireCurrentUser(request), request.params.sessionId),
  );

  // The raw CSV body: its own scope, so only this route takes text/csv, with its own size limit. A body
  // is read only once a slot is free, and the slot is held until the answer is sent (or the client
  // goes): at most IMPORT_CONCURRENCY files are in memory.
  const slots = new Slots(IMPORT_CONCURRENCY);
  const releases = new WeakMap<FastifyRequest, () => void>();
  const release = (request: FastifyRequest) => releases.get(request)?.();
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(CSV_TYPES, { bodyLimit: IMPORT_MAX_BYTES + 1 }, async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      const done = await slots.acquire();
      releases.set(request, done);
      try {
        return await readCsvBody(request, payload);
      } catch (error) {
        done();
        throw error;
      }
    });
    scope.addHook('onResponse', async (request) => release(request));
    scope.addHook('onRequestAbort', async (request) => release(request));
    scope.post(
      '/api/flight-logs/import/csv',
      {
        ...write,
        // The tier is checked before the body is read: a basic user's 50 MB upload is refused at once.
        onRequest: [deps.requireUser, async (request: FastifyRequest) => imports.assertTier(requireCurrentUser(request))],
        bodyLimit: IMPORT_MAX_BYTES + 1,
        schema: { response: { 200: importResponseSchema } },
      },
      async (request) => {
        const caller = requireCurrentUser(request);
        try {
          if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'IMPORT_EMPTY', 'Send the CSV file as the request body with content type text/csv.');
          return await imports.start(caller, request.body);
        } finally {
          release(request);
        }
      },
    );
  });
}
