import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  DOCUMENT_MAX_BYTES,
  FILE_TOO_LARGE_MESSAGE,
  TITLE_MAX,
  adminDocumentListSchema,
  deletionRequestInputSchema,
  deletionRequestListSchema,
  deletionRequestSchema,
  deletionStatusInputSchema,
  documentIdParamsSchema,
  messageSchema,
  reviewInputSchema,
  testDeletionRequestInputSchema,
  uploadResponseSchema,
  userDocumentListSchema,
} from '../../../shared/documents.ts';
import { pageQuerySchema } from '../../../shared/paging.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { documentJobs } from './jobs.ts';
import { createDocumentsService, uploadError, type UploadInput } from './service.ts';

const requestResponseSchema = z.object({ message: z.string().max(200), request: deletionRequestSchema });

/** Reads the multipart form (document, title, description), refusing a file over the limit with 413. */
async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  const input: UploadInput = { title: '', description: null, fileName: '', bytes: Buffer.alloc(0) };
  let sawFile = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'document' || sawFile) {
          await part.toBuffer();
          continue;
        }
        sawFile = true;
        input.fileName = part.filename;
        input.bytes = await part.toBuffer();
      } else if (part.fieldname === 'title' && typeof part.value === 'string') {
        input.title = part.value.slice(0, TITLE_MAX + 1);
      } else if (part.fieldname === 'description' && typeof part.value === 'string') {
        input.description = part.value.slice(0, DESCRIPTION_MAX);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw uploadError(400, 'NOT_MULTIPART', 'Send the document as a multipart form (document, title, description).');
    throw error;
  }
  if (!sawFile) throw uploadError(400, 'FILE_REQUIRED', 'Please select a file to upload.');
  if (input.title.length > TITLE_MAX) throw uploadError(400, 'TITLE_TOO_LONG', `The title can be at most ${TITLE_MAX} characters.`);
  return input;
}

/** Documents: the business's own knowledge base (spec doc 2 §2–§9; doc 3 §2.5, §7; DESIGN §4). */
export function documentRoutes(app: App, deps: AppDeps) {
  const extraction = documentJobs(deps.db, deps.jobs, app.log, { provider: deps.mail, publicUrl: deps.config.publicUrl });
  const documents = createDocumentsService(deps.db, extraction);

  const read = { onRequest: deps.requireUser };
  const write = { onRequest: deps.requireUser, config: deps.limits.writes };

  app.get('/api/user-documents', { ...read, schema: { querystring: pageQuerySchema, response: { 200: userDocumentListSchema } } }, async (request) =>
    documents.list(requireCurrentUser(request), request.query),
  );

  // The multipart form has its own scope, so only these routes parse multipart bodies.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 2, fields: 5, fieldSize: 16 * 1024, parts: 8 },
    });
    scope.post(
      '/api/user-documents',
      {
        ...write,
        // The tier is checked before the body is read: a refused user's 25 MB upload is not taken in.
        onRequest: [deps.requireUser, async (request: FastifyRequest) => documents.assertCanUse(requireCurrentUser(request))],
        schema: { consumes: ['multipart/form-data'], response: { 200: uploadResponseSchema } },
      },
      async (request) => documents.upload(requireCurrentUser(request), await readUpload(request)),
    );
  });

  app.post('/api/test-document-upload', { ...write, schema: { response: { 200: messageSchema } } }, async (request) =>
    documents.testUpload(requireCurrentUser(request)),
  );

  app.delete('/api/user-documents/:id', { ...write, schema: { params: documentIdParamsSchema, response: { 200: messageSchema } } }, async (request) =>
    documents.remove(requireCurrentUser(request), request.params.id),
  );

  app.post('/api/documents/deletion-request', { ...write, schema: { body: deletionRequestInputSchema, response: { 200: requestResponseSchema } } }, async (request) =>
    documents.requestDeletion(requireCurrentUser(request), request.body),
  );

  app.post(
    '/api/documents/test-deletion-request',
    { ...write, schema: { body: testDeletionRequestInputSchema, response: { 200: requestResponseSchema } } },
    async (request) => documents.testDeletionRequest(requireCurrentUser(request), request.body),
  );

  // Staff review (doc 3 §2.5, §7): admin or developer, checked on the server.
  app.get('/api/admin/documents/pending', { ...read, schema: { querystring: pageQuerySchema, response: { 200: adminDocumentListSchema } } }, async (request) =>
    documents.reviewList(requireCurrentUser(request), 'pending', request.query),
  );
  app.get('/api/admin/documents/approved', { ...read, schema: { querystring: pageQuerySchema, response: { 200: adminDocumentListSchema } } }, async (request) =>
    documents.reviewList(requireCurrentUser(request), 'approved', request.query),
  );
  app.post(
    '/api/admin/documents/:id/approve',
    { ...write, schema: { params: documentIdParamsSchema, body: reviewInputSchema.optional(), response: { 200: messageSchema } } },
    async (request) => documents.approve(requireCurrentUser(request), request.params.id, request.body?.reviewNotes),
  );
  app.post(
    '/api/admin/documents/:id/reject',
    { ...write, schema: { params: documentIdParamsSchema, body: reviewInputSchema, response: { 200: messageSchema } } },
    async (request) => documents.reject(requireCurrentUser(request), request.params.id, request.body.reviewNotes),
  );
  app.get(
    '/api/admin/document-deletion-requests',
    { ...read, schema: { querystring: pageQuerySchema, response: { 200: deletionRequestListSchema } } },
    async (request) => documents.deletionRequests(requireCurrentUser(request), request.query),
  );
  app.put(
    '/api/admin/document-deletion-requests/:id/status',
    { ...write, schema: { params: documentIdParamsSchema, body: deletionStatusInputSchema, response: { 200: deletionRequestSchema } } },
    async (request) => documents.approveDeletion(requireCurrentUser(request), request.params.id, request.body.reviewNotes),
  );
  app.put(
    '/api/admin/document-deletion-requests/:id/complete',
    { ...write, schema: { params: documentIdParamsSchema, response: { 200: deletionRequestSchema } } },
    async (request) => documents.completeDeletion(requireCurrentUser(request), request.params.id),
  );
}
