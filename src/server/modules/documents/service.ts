import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { MailMessage } from '../../providers/mail/mail-provider.ts';
import { documentDeletionRequests, userDocuments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PageQuery } from '../../../shared/paging.ts';
import {
  ADMIN_CONTENT_PREVIEW,
  DOCUMENT_MAX_MB,
  REJECT_NOTES_REQUIRED,
  canReviewDocuments,
  canTestDocuments,
  canUseDocuments,
  quotaBytesFor,
  type AdminDocument,
  type DeletionRequest,
  type UserDocument,
} from '../../../shared/documents.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { KIND_MIME, UNSUPPORTED_TYPE_MESSAGE, detectKind, toPassages } from './extract.ts';
import * as repo from './repo.ts';
import type { DocumentRow, DeletionRequestRow } from './repo.ts';

export const DOCUMENTS_UNAVAILABLE = 'This feature is available on Team and Enterprise plans.';

/** An error the upload form shows as is: the spec's `{error}` beside the house `{message, code}`. */
export const uploadError = (status: number, code: string, message: string) => new AppError(status, code, message, { error: message });

/** The business a caller's documents belong to: the one they run, else the one they fly for. */
const businessOf = (caller: CurrentUser) => caller.businessProfileId ?? caller.administratorBusinessId;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toUserDocument(row: DocumentRow): UserDocument {
  return {
    id: row.id,
    userId: row.userId,
    businessProfileId: row.businessProfileId,
    title: row.title,
    description: row.description,
    fileName: row.fileName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    uploadDate: row.uploadDate.toISOString(),
    status: row.status,
    processingError: row.processingError,
    chatlingErrorMessage: row.processingError,
    approvalStatus: row.approvalStatus,
    reviewNotes: row.reviewNotes,
    pageCount: row.pageCount,
  };
}

function toAdminDocument(row: DocumentRow & { uploadedBy: string | null }): AdminDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fileName: row.fileName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    uploadDate: row.uploadDate.toISOString(),
    uploadedBy: row.uploadedBy ?? row.userId,
    status: row.status,
    processingError: row.processingError,
    approvalStatus: row.approvalStatus,
    reviewedBy: row.reviewedBy,
    reviewDate: iso(row.reviewDate),
    reviewNotes: row.reviewNotes,
    content: row.content ? row.content.slice(0, ADMIN_CONTENT_PREVIEW) : null,
  };
}

function toDeletionRequest(row: DeletionRequestRow): DeletionRequest {
  return {
    id: row.id,
    userId: row.userId,
    userDocumentId: row.userDocumentId,
    businessProfileId: row.businessProfileId,
    documentTitle: row.documentTitle,
    documentFileName: row.documentFileName,
    reason: row.reason,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    createdAt: row.requestedAt.toISOString(),
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    reviewNotes: row.reviewNotes,
    completedAt: iso(row.completedAt),
  };
}

export interface UploadInput {
  title: string;
  description: string | null;
  fileName: string;
  bytes: Buffer;
}

const TEST_DOCUMENT = `# Test document\n\nThis document was uploaded by the Test Functionality card of the Documents page to check that upload,\ntext extraction and review work end to end. It holds no operational guidance.\n`;

export function assertCanUse(caller: CurrentUser) {
  if (!canUseDocuments(caller)) throw uploadError(403, 'DOCUMENTS_UNAVAILABLE', DOCUMENTS_UNAVAILABLE);
}
export function assertCanReview(caller: CurrentUser) {
  if (!canReviewDocuments(caller)) throw new AppError(403, 'FORBIDDEN', 'Document review is for administrators and developers.');
}
function assertCanTest(caller: CurrentUser) {
  if (!canTestDocuments(caller)) throw new AppError(403, 'FORBIDDEN', 'The test functions are for administrators and developers without a business plan.');
}

/** The rules of the documents feature (spec doc 2 §2–§9, doc 3 §2.5, §7). */
export function createDocumentsService(
  db: Db,
  extraction: {
    enqueue(tx: DbOrTx, documentId: string): Promise<unknown>;
    announce(tx: DbOrTx, ready: KnowledgeBaseReady | null): Promise<void>;
    wake(): void;
  },
) {
  async function store(caller: CurrentUser, input: UploadInput): Promise<DocumentRow> {
    const title = input.title.trim();
    if (!title) throw uploadError(400, 'TITLE_REQUIRED', 'Please provide a title for your document.');
    if (input.bytes.length === 0) throw uploadError(400, 'FILE_REQUIRED', 'Please select a file to upload.');
    const kind = await detectKind(input.bytes, input.fileName);
    if (!kind) throw uploadError(415, 'UNSUPPORTED_TYPE', UNSUPPORTED_TYPE_MESSAGE);
    const businessProfileId = businessOf(caller);
    const doc = await db.transaction(async (tx) => {
      // One upload at a time per business: the quota check and the insert cannot interleave.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`documents:${businessProfileId ?? caller.id}`}))`);
      // The business's plan sets the quota (an enterprise's pilots share its larger one), whoever uploads.
      const planTier = (businessProfileId && (await repo.businessPlanTier(tx, businessProfileId))) || caller.originalTier;
      const quota = quotaBytesFor(planTier);
      const used = await repo.storedBytes(tx, { businessProfileId, userId: caller.id });
      if (used + input.bytes.length > quota) {
        throw uploadError(413, 'QUOTA_EXCEEDED', `Your knowledge base is full: it holds ${Math.round(quota / 1024 / 1024)} MB of documents. Delete a document to make room.`);
      }
      const stored = await repo.insertDocument(tx, {
        userId: caller.id,
        businessProfileId,
        title: title.slice(0, 200),
        description: input.description?.trim() || null,
        fileName: input.fileName.slice(0, 300) || 'document',
        fileSize: input.bytes.length,
        mimeType: KIND_MIME[kind],
        fileBytes: input.bytes,
      });
      // The job is written with the document: both exist after the commit, or neither.
      await extraction.enqueue(tx, stored.id);
      return stored;
    });
    extraction.wake();
    return doc;
  }

  return {
    assertCanUse,
    assertCanReview,
    maxMb: DOCUMENT_MAX_MB,

    async list(caller: CurrentUser, page: PageQuery) {
      assertCanUse(caller);
      const { items, nextCursor } = await repo.listForUser(db, caller.id, page);
      return { documents: items.map(toUserDocument), nextCursor };
    },

    async upload(caller: CurrentUser, input: UploadInput) {
      assertCanUse(caller);
      const doc = await store(caller, input);
      return { message: 'Document uploaded successfully', document: toUserDocument(doc) };
    },

    async testUpload(caller: CurrentUser) {
      assertCanTest(caller);
      await store(caller, { title: 'Test Document', description: 'Uploaded by the Test Functionality card', fileName: 'test-document.md', bytes: Buffer.from(TEST_DOCUMENT) });
      return { message: 'Test document uploaded' };
    },

    /** Direct delete: the document, its file and every passage of it, in one transaction. */
    async remove(caller: CurrentUser, id: string) {
      assertCanUse(caller);
      await db.transaction(async (tx) => {
        const doc = await repo.findById(tx, id, { forUpdate: true });
        if (!doc || doc.userId !== caller.id) throw notFound('Document');
        await repo.deleteDocument(tx, id);
      });
      return { message: 'Document deleted' };
    },

    async requestDeletion(caller: CurrentUser, input: { userDocumentId: string; reason: string }) {
      assertCanUse(caller);
      const doc = await repo.findById(db, input.userDocumentId);
      if (!doc || doc.userId !== caller.id) throw notFound('Document');
      const row = await repo.insertDeletionRequest(db, {
        userId: caller.id,
        userDocumentId: doc.id,
        businessProfileId: doc.businessProfileId,
        documentTitle: doc.title,
        documentFileName: doc.fileName,
        reason: input.reason,
      });
      return { message: 'Deletion Request Submitted', request: toDeletionRequest(row) };
    },

    async testDeletionRequest(caller: CurrentUser, input: { reason: string }) {
      assertCanTest(caller);
      const row = await repo.insertDeletionRequest(db, {
        userId: caller.id,
        userDocumentId: null,
        businessProfileId: businessOf(caller),
        documentTitle: 'Test Document',
        documentFileName: 'test-document.md',
        reason: input.reason,
      });
      return { message: 'Deletion request submitted', request: toDeletionRequest(row) };
    },

    async reviewList(caller: CurrentUser, approval: 'pending' | 'approved', page: PageQuery) {
      assertCanReview(caller);
      const { items, nextCursor } = await repo.listByApproval(db, approval, page);
      return { documents: items.map(toAdminDocument), nextCursor };
    },

    /** Approval indexes a ready document into its business's knowledge base at once; a later-ready one is indexed by the job. */
    async approve(caller: CurrentUser, id: string, reviewNotes: string | undefined) {
      assertCanReview(caller);
      await db.transaction(async (tx) => {
        const doc = await repo.findById(tx, id, { forUpdate: true });
        if (!doc) throw notFound('Document');
        await tx
          .update(userDocuments)
          .set({ approvalStatus: 'approved', reviewedBy: caller.id, reviewDate: new Date(), reviewNotes: reviewNotes || null })
          .where(eq(userDocuments.id, id));
        await extraction.announce(tx, await indexIfApproved(tx, { ...doc, approvalStatus: 'approved' }));
      });
      extraction.wake();
      return { message: 'Document Approved' };
    },

    async reject(caller: CurrentUser, id: string, reviewNotes: string | undefined) {
      assertCanReview(caller);
      if (!reviewNotes?.trim()) throw new AppError(400, 'REVIEW_NOTES_REQUIRED', REJECT_NOTES_REQUIRED);
      await db.transaction(async (tx) => {
        const doc = await repo.findById(tx, id, { forUpdate: true });
        if (!doc) throw notFound('Document');
        await tx
          .update(userDocuments)
          .set({ approvalStatus: 'rejected', reviewedBy: caller.id, reviewDate: new Date(), reviewNotes: reviewNotes.trim() })
          .where(eq(userDocuments.id, id));
        await repo.unindex(tx, id);
      });
      return { message: 'Document Rejected' };
    },

    async deletionRequests(caller: CurrentUser, page: PageQuery) {
      assertCanReview(caller);
      const { items, nextCursor } = await repo.openDeletionRequests(db, page);
      return { deletionRequests: items.map(toDeletionRequest), nextCursor };
    },

    async approveDeletion(caller: CurrentUser, id: string, reviewNotes: string | undefined) {
      assertCanReview(caller);
      const [row] = await db
        .update(documentDeletionRequests)
        .set({ status: 'approved', reviewedBy: caller.id, reviewedAt: new Date(), reviewNotes: reviewNotes || null })
        .where(sql`${documentDeletionRequests.id} = ${id} and ${documentDeletionRequests.status} = 'pending'`)
        .returning();
      if (!row) {
        if (!(await repo.findDeletionRequest(db, id))) throw notFound('Deletion request');
        throw new AppError(409, 'NOT_PENDING', 'This deletion request was already decided.');
      }
      return toDeletionRequest(row);
    },

    /** Completing removes the document, its file and every passage of it, with the request, in one transaction. */
    async completeDeletion(caller: CurrentUser, id: string) {
      assertCanReview(caller);
      return db.transaction(async (tx) => {
        const request = await repo.findDeletionRequest(tx, id, { forUpdate: true });
        if (!request) throw notFound('Deletion request');
        if (request.status !== 'approved') throw new AppError(409, 'NOT_APPROVED', 'Approve the deletion request before completing it.');
        if (request.userDocumentId) await repo.deleteDocument(tx, request.userDocumentId);
        const [row] = await tx
          .update(documentDeletionRequests)
          .set({ status: 'completed', completedAt: new Date() })
          .where(eq(documentDeletionRequests.id, id))
          .returning();
        if (!row) throw notFound('Deletion request');
        return toDeletionRequest(row);
      });
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** Who to tell that a business's knowledge base just became ready (sent after the commit). */
export interface KnowledgeBaseReady {
  adminEmail: string;
  companyName: string | null;
  documentTitle: string;
}

/**
 * Approved, ready and belonging to a business: its passages join that business's knowledge base.
 * Returns the mail to send when this was the business's first document (isKnowledgeBaseSetup turned true).
 */
export async function indexIfApproved(tx: Parameters<typeof repo.indexPassages>[0], doc: DocumentRow): Promise<KnowledgeBaseReady | null> {
  if (doc.approvalStatus !== 'approved' || doc.status !== 'ready' || !doc.businessProfileId || !doc.content) return null;
  const before = await repo.businessProfile(tx, doc.businessProfileId);
  const pages = doc.pageCount ? doc.content.split('\f') : [doc.content];
  await repo.indexPassages(tx, { ...doc, businessProfileId: doc.businessProfileId }, toPassages(doc.title, { pages, paged: doc.pageCount !== null }));
  if (!before || before.isKnowledgeBaseSetup) return null;
  return { adminEmail: before.adminEmail, companyName: before.companyName, documentTitle: doc.title };
}

export function knowledgeBaseReadyMail(ready: KnowledgeBaseReady, publicUrl: string): MailMessage {
  const name = ready.companyName || 'Your business';
  return {
    to: ready.adminEmail,
    subject: `${name}: your knowledge base is ready`,
    text:
      `"${ready.documentTitle}" was approved and is now part of ${name}'s knowledge base on Drone Doctor.\n\n` +
      `Your pilots' questions are answered from it, with the document cited. Manage your documents at ${publicUrl}/documents`,
  };
}
