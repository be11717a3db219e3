import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessProfiles, documentDeletionRequests, knowledgeSections, userDocuments, userTiers, users } from '../../db/schema/index.ts';
import type { Tier } from '../../../shared/tiers.ts';
import { afterCursor, decodeCursor, pageOf } from '../../lib/paging.ts';
import type { PageQuery } from '../../../shared/paging.ts';
import { rebuildVocabulary } from '../knowledge/sync.ts';
import type { Passage } from './extract.ts';

export type DocumentRow = Omit<typeof userDocuments.$inferSelect, 'fileBytes'>;
export type DeletionRequestRow = typeof documentDeletionRequests.$inferSelect;

/** Every column but the file's bytes: lists and reviews never carry the file. */
const meta = {
  id: userDocuments.id,
  userId: userDocuments.userId,
  businessProfileId: userDocuments.businessProfileId,
  title: userDocuments.title,
  description: userDocuments.description,
  fileName: userDocuments.fileName,
  fileSize: userDocuments.fileSize,
  mimeType: userDocuments.mimeType,
  content: userDocuments.content,
  pageCount: userDocuments.pageCount,
  status: userDocuments.status,
  processingError: userDocuments.processingError,
  approvalStatus: userDocuments.approvalStatus,
  reviewedBy: userDocuments.reviewedBy,
  reviewDate: userDocuments.reviewDate,
  reviewNotes: userDocuments.reviewNotes,
  uploadDate: userDocuments.uploadDate,
};

const keyOf = (r: { uploadDate: Date; id: string }) => [r.uploadDate.toISOString(), r.id];

export async function listForUser(db: DbOrTx, userId: string, page: PageQuery) {
  const where = [eq(userDocuments.userId, userId)];
  if (page.cursor) where.push(afterCursor([userDocuments.uploadDate, userDocuments.id], decodeCursor(page.cursor, 2)));
  const rows = await db
    .select(meta)
    .from(userDocuments)
    .where(and(...where))
    .orderBy(desc(userDocuments.uploadDate), desc(userDocuments.id))
    .limit(page.limit + 1);
  return pageOf(rows, page, keyOf);
}

export async function listByApproval(db: DbOrTx, approval: 'pending' | 'approved', page: PageQuery) {
  const where = [eq(userDocuments.approvalStatus, approval)];
  if (page.cursor) where.push(afterCursor([userDocuments.uploadDate, userDocuments.id], decodeCursor(page.cursor, 2)));
  const rows = await db
    .select({ ...meta, uploadedBy: users.email })
    .from(userDocuments)
    .leftJoin(users, eq(users.id, userDocuments.userId))
    .where(and(...where))
    .orderBy(desc(userDocuments.uploadDate), desc(userDocuments.id))
    .limit(page.limit + 1);
  return pageOf(rows, page, keyOf);
}

export async function findById(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<DocumentRow | undefined> {
  const q = db.select(meta).from(userDocuments).where(eq(userDocuments.id, id));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** The stored file of a document, for the extraction job. */
export async function fileOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ bytes: userDocuments.fileBytes, mimeType: userDocuments.mimeType, status: userDocuments.status })
    .from(userDocuments)
    .where(eq(userDocuments.id, id));
  return row;
}

/** Documents whose text is still to be read (bounded: the start-up sweep enqueues each). */
export async function processingIds(db: DbOrTx, max = 10_000): Promise<string[]> {
  const rows = await db.select({ id: userDocuments.id }).from(userDocuments).where(eq(userDocuments.status, 'processing')).orderBy(userDocuments.uploadDate).limit(max);
  return rows.map((r) => r.id);
}

/** Bytes the business (or, without one, the user) already keeps. */
export async function storedBytes(db: DbOrTx, owner: { businessProfileId: string | null; userId: string }): Promise<number> {
  const where = owner.businessProfileId ? eq(userDocuments.businessProfileId, owner.businessProfileId) : eq(userDocuments.userId, owner.userId);
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${userDocuments.fileSize}), 0)` }).from(userDocuments).where(where);
  return Number(row?.total ?? 0);
}

export async function insertDocument(db: DbOrTx, values: typeof userDocuments.$inferInsert): Promise<DocumentRow> {
  const [row] = await db.insert(userDocuments).values(values).returning(meta);
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Replaces the document's passages in the business's knowledge base. */
export async function indexPassages(db: DbOrTx, doc: Pick<DocumentRow, 'id' | 'title'> & { businessProfileId: string }, passages: Passage[]) {
  await db.delete(knowledgeSections).where(eq(knowledgeSections.articleKey, doc.id));
  const rows = passages.map((p, position) => ({
    articleKey: doc.id,
    businessId: doc.businessProfileId,
    position,
    articleTitle: doc.title,
    title: p.title,
    topic: 'business',
    keywords: doc.title,
    body: p.body,
    citation: `${doc.title}, ${p.where}`,
    url: null,
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insert(knowledgeSections).values(rows.slice(i, i + 200));
  await rebuildVocabulary(db);
}

export async function unindex(db: DbOrTx, documentId: string) {
  const removed = await db.delete(knowledgeSections).where(eq(knowledgeSections.articleKey, documentId)).returning({ id: knowledgeSections.id });
  if (removed.length) await rebuildVocabulary(db);
}

export async function deleteDocument(db: DbOrTx, documentId: string) {
  await unindex(db, documentId);
  await db.delete(userDocuments).where(eq(userDocuments.id, documentId));
}

export async function insertDeletionRequest(db: DbOrTx, values: typeof documentDeletionRequests.$inferInsert): Promise<DeletionRequestRow> {
  const [row] = await db.insert(documentDeletionRequests).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Open requests (pending or approved, not yet completed), newest first, one page. */
export async function openDeletionRequests(db: DbOrTx, page: PageQuery) {
  const where = [inArray(documentDeletionRequests.status, ['pending', 'approved'])];
  if (page.cursor) where.push(afterCursor([documentDeletionRequests.requestedAt, documentDeletionRequests.id], decodeCursor(page.cursor, 2)));
  const rows = await db
    .select()
    .from(documentDeletionRequests)
    .where(and(...where))
    .orderBy(desc(documentDeletionRequests.requestedAt), desc(documentDeletionRequests.id))
    .limit(page.limit + 1);
  return pageOf(rows, page, (r) => [r.requestedAt.toISOString(), r.id]);
}

export async function findDeletionRequest(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(documentDeletionRequests).where(eq(documentDeletionRequests.id, id));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** The stored tier of the business's administrator: the plan the business's quota comes from. */
export async function businessPlanTier(db: DbOrTx, businessProfileId: string): Promise<Tier | null> {
  const [row] = await db
    .select({ tier: userTiers.tier })
    .from(businessProfiles)
    .innerJoin(userTiers, eq(userTiers.userId, businessProfiles.administratorUserId))
    .where(eq(businessProfiles.id, businessProfileId));
  return row?.tier ?? null;
}

export async function businessProfile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ adminEmail: businessProfiles.adminEmail, companyName: businessProfiles.companyName, isKnowledgeBaseSetup: businessProfiles.isKnowledgeBaseSetup })
    .from(businessProfiles)
    .where(eq(businessProfiles.id, id));
  return row;
}
