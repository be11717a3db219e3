import type { AdminDocumentList, DeletionRequest, DeletionRequestList, UserDocument, UserDocumentList } from '../../../shared/documents.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

export const DOCUMENTS_KEY = ['user-documents'] as const;
export const ADMIN_DOCUMENTS_KEY = ['admin-documents'] as const;

export const fetchDocuments = () => apiGet<UserDocumentList>('/api/user-documents?limit=200');
export const deleteDocument = (id: string) => apiSend<{ message: string }>('DELETE', `/api/user-documents/${id}`);
export const requestDeletion = (userDocumentId: string, reason: string) =>
  apiSend<{ message: string }>('POST', '/api/documents/deletion-request', { body: { userDocumentId, reason } });
export const testUpload = () => apiSend<{ message: string }>('POST', '/api/test-document-upload');
export const testDeletionRequest = (reason: string) => apiSend<{ message: string }>('POST', '/api/documents/test-deletion-request', { body: { reason } });

/** One page of a staff list (ADR 0014): the cursor of the page before, or null for the first. */
const pageQuery = (cursor: string | null) => `limit=${REVIEW_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
export const REVIEW_PAGE = 20;

export const fetchReviewList = (which: 'pending' | 'approved', cursor: string | null) => apiGet<AdminDocumentList>(`/api/admin/documents/${which}?${pageQuery(cursor)}`);
export const approveDocument = (id: string, reviewNotes: string) => apiSend<{ message: string }>('POST', `/api/admin/documents/${id}/approve`, { body: { reviewNotes } });
export const rejectDocument = (id: string, reviewNotes: string) => apiSend<{ message: string }>('POST', `/api/admin/documents/${id}/reject`, { body: { reviewNotes } });
export const fetchDeletionRequests = (cursor: string | null) => apiGet<DeletionRequestList>(`/api/admin/document-deletion-requests?${pageQuery(cursor)}`);
export const approveDeletionRequest = (id: string, reviewNotes: string) =>
  apiSend<DeletionRequest>('PUT', `/api/admin/document-deletion-requests/${id}/status`, { body: { status: 'approved', reviewNotes } });
export const completeDeletionRequest = (id: string) => apiSend<DeletionRequest>('PUT', `/api/admin/document-deletion-requests/${id}/complete`);

export class UploadError extends Error {}

/**
 * POST /api/user-documents as multipart, through XMLHttpRequest: fetch cannot report upload progress,
 * and the bar shows the bytes really sent. The server's `{error}` becomes the error's message.
 */
export function uploadDocument(form: { file: File; title: string; description: string }, onProgress: (sent: number, total: number) => void): Promise<UserDocument> {
  const data = new FormData();
  data.append('title', form.title);
  if (form.description.trim()) data.append('description', form.description);
  data.append('document', form.file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/user-documents');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : form.file.size);
    xhr.onerror = () => reject(new UploadError('Upload failed'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'document' in body) {
        resolve((body as { document: UserDocument }).document);
        return;
      }
      const message = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : 'Upload failed';
      reject(new UploadError(message));
    };
    xhr.send(data);
  });
}
