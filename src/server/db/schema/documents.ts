import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { nowToTheMillisecond } from './paged-time.ts';

/** PostgreSQL bytea: uploaded files live in the database so every process shares them (DESIGN §4). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A business's uploaded document (spec doc 2 §3 "User document"): the file's bytes, the text extracted
 * from it, the processing state (processing → ready | error) and the staff review (pending → approved |
 * rejected). Reading the text is a pg-boss job keyed by the document's id (ADR 0046).
 */
export const userDocuments = pgTable(
  'user_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    businessProfileId: text('business_profile_id'),
    title: text('title').notNull(),
    description: text('description'),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    mimeType: text('mime_type').notNull(),
    fileBytes: bytea('file_bytes').notNull(),
    content: text('content'),
    pageCount: integer('page_count'),
    status: text('status').notNull().default('processing'),
    processingError: text('processing_error'),
    approvalStatus: text('approval_status').notNull().default('pending'),
    reviewedBy: text('reviewed_by'),
    reviewDate: timestamp('review_date', { withTimezone: true }),
    reviewNotes: text('review_notes'),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().default(nowToTheMillisecond),
  },
  (t) => [
    index('user_documents_user_idx').on(t.userId, t.uploadDate, t.id),
    index('user_documents_business_idx').on(t.businessProfileId),
    index('user_documents_review_idx').on(t.approvalStatus, t.uploadDate, t.id),
    index('user_documents_jobs_idx').on(t.uploadDate).where(sql`${t.status} = 'processing'`),
    check('user_documents_size', sql`${t.fileSize} > 0 and ${t.fileSize} <= 26214400`),
    check('user_documents_status', sql`${t.status} in ('processing', 'ready', 'error')`),
    check('user_documents_approval', sql`${t.approvalStatus} in ('pending', 'approved', 'rejected')`),
  ],
);

/** A request to delete a document, decided by staff (spec doc 2 §3; doc 3 §7). */
export const documentDeletionRequests = pgTable(
  'document_deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    /** Null for a test request, and once the document is gone. */
    userDocumentId: uuid('user_document_id').references(() => userDocuments.id, { onDelete: 'set null' }),
    businessProfileId: text('business_profile_id'),
    documentTitle: text('document_title').notNull(),
    documentFileName: text('document_file_name').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().default(nowToTheMillisecond),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNotes: text('review_notes'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('document_deletion_requests_status_idx').on(t.status, t.requestedAt),
    check('document_deletion_requests_status', sql`${t.status} in ('pending', 'approved', 'completed')`),
  ],
);
