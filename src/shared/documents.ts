import { z } from 'zod';
import { paged } from './paging.ts';
import { isAdminOrDeveloper, isBusinessTier, type Tier, type TierPair } from './tiers.ts';

/**
 * Documents: a business's own knowledge base (spec doc 2 §2, §3–§9; doc 3 §2.5, §7; DESIGN §4 "Knowledge
 * base"). One contract for the routes, the forms and the queries.
 */

/** One file at most this big (the spec names no figure; 25 MB holds a long illustrated manual). */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const DOCUMENT_MAX_MB = DOCUMENT_MAX_BYTES / (1024 * 1024);
/** The 413 answer for a file over the limit, also shown by the form before it sends such a file. */
export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${DOCUMENT_MAX_MB} MB, the limit for one document.`;
/** The knowledge-base quota per business (stored bytes); enterprise gets 4.5 times it (spec doc 3 §4). */
export const BUSINESS_KNOWLEDGE_QUOTA_BYTES = 200 * 1024 * 1024;
export const quotaBytesFor = (tier: Tier): number =>
  tier === 'enterprise' ? Math.round(BUSINESS_KNOWLEDGE_QUOTA_BYTES * 4.5) : BUSINESS_KNOWLEDGE_QUOTA_BYTES;

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const REASON_MAX = 2000;
export const NOTES_MAX = 2000;

/** Documents page: business and business_pro (tier or originalTier) and staff (spec doc 2 §6). */
export const canUseDocuments = (t: TierPair) =>
  isBusinessTier(t) || isAdminOrDeveloper(t) || t.tier === 'super_admin' || t.originalTier === 'super_admin';
/** Test Functionality card: admin or developer users whose tier lacks 'business' (spec doc 2 §2). */
export const canTestDocuments = (t: TierPair) => isAdminOrDeveloper(t) && !isBusinessTier(t);
/** The document review (doc 3 §2.5): admin-or-developer guarded. */
export const canReviewDocuments = isAdminOrDeveloper;

export const DOCUMENT_STATUSES = ['processing', 'ready', 'error'] as const;
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const userDocumentSchema = z.object({
  id: z.string().max(64),
  userId: z.string().max(64),
  businessProfileId: z.string().max(64).nullable(),
  title: z.string().max(TITLE_MAX),
  description: z.string().max(DESCRIPTION_MAX).nullable(),
  fileName: z.string().max(300),
  fileSize: z.number().int(),
  mimeType: z.string().max(200),
  uploadDate: z.string().max(40),
  status: z.string().max(20),
  processingError: z.string().max(500).nullable(),
  /** The spec's list shows the processing error under this name (doc 2 §3). */
  chatlingErrorMessage: z.string().max(500).nullable(),
  approvalStatus: z.string().max(20),
  reviewNotes: z.string().max(NOTES_MAX).nullable(),
  pageCount: z.number().int().nullable(),
});
export type UserDocument = z.infer<typeof userDocumentSchema>;

export const userDocumentListSchema = paged(z.object({ documents: z.array(userDocumentSchema) }));
export type UserDocumentList = z.infer<typeof userDocumentListSchema>;

export const documentIdParamsSchema = z.object({ id: z.string().uuid() });

export const uploadResponseSchema = z.object({ message: z.string().max(200), document: userDocumentSchema });
export const messageSchema = z.object({ message: z.string().max(500) });

export const deletionRequestInputSchema = z.object({
  userDocumentId: z.string().uuid(),
  reason: z.string().trim().min(1, 'Please give a reason for the deletion.').max(REASON_MAX),
});
export const testDeletionRequestInputSchema = z.object({
  reason: z.string().trim().min(1, 'Please give a reason for the deletion.').max(REASON_MAX),
});

export const deletionRequestSchema = z.object({
  id: z.string().max(64),
  userId: z.string().max(64),
  userDocumentId: z.string().max(64).nullable(),
  businessProfileId: z.string().max(64).nullable(),
  documentTitle: z.string().max(TITLE_MAX),
  documentFileName: z.string().max(300),
  reason: z.string().max(REASON_MAX),
  status: z.string().max(20),
  requestedAt: z.string().max(40),
  createdAt: z.string().max(40),
  reviewedBy: z.string().max(64).nullable(),
  reviewedAt: z.string().max(40).nullable(),
  reviewNotes: z.string().max(NOTES_MAX).nullable(),
  completedAt: z.string().max(40).nullable(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** Admin view of a document (doc 3 §3), with the extracted text so a reviewer can judge it. */
export const adminDocumentSchema = z.object({
  id: z.string().max(64),
  title: z.string().max(TITLE_MAX),
  description: z.string().max(DESCRIPTION_MAX).nullable(),
  fileName: z.string().max(300),
  fileSize: z.number().int(),
  mimeType: z.string().max(200),
  uploadDate: z.string().max(40),
  uploadedBy: z.string().max(320),
  status: z.string().max(20),
  processingError: z.string().max(500).nullable(),
  approvalStatus: z.string().max(20),
  reviewedBy: z.string().max(64).nullable(),
  reviewDate: z.string().max(40).nullable(),
  reviewNotes: z.string().max(NOTES_MAX).nullable(),
  /** The first part of the extracted text (the whole can be megabytes). */
  content: z.string().max(20_000).nullable(),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;
export const ADMIN_CONTENT_PREVIEW = 20_000;

export const adminDocumentListSchema = paged(z.object({ documents: z.array(adminDocumentSchema) }));
export type AdminDocumentList = z.infer<typeof adminDocumentListSchema>;
/**
 * The spec's array of deletion requests, paged with the shared contract (ADR 0014, 0046): the same items
 * under `deletionRequests`, with `nextCursor`.
 */
export const deletionRequestListSchema = paged(z.object({ deletionRequests: z.array(deletionRequestSchema) }));
export type DeletionRequestList = z.infer<typeof deletionRequestListSchema>;

export const reviewInputSchema = z.object({ reviewNotes: z.string().trim().max(NOTES_MAX).optional() });
export const REJECT_NOTES_REQUIRED = 'Please provide review notes when rejecting a document.';
export const deletionStatusInputSchema = z.object({
  status: z.literal('approved'),
  reviewNotes: z.string().trim().max(NOTES_MAX).optional(),
});
