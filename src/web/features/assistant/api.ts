import type { QueryRecord, QueryRequest, QueryResponse } from '../../../shared/assistant.ts';
import { apiGet, apiRequest, apiSend } from '../../lib/api-client.ts';

/** Query keys are the paths (as in the account feature). */
export const QUERIES_KEY = ['/api/queries'] as const;

export const postQuery = (body: QueryRequest) => apiSend<QueryResponse>('POST', '/api/query', { body });

export const resetConversation = (userId: string) => apiSend<unknown>('POST', '/api/reset-conversation', { body: { userId } });

export const fetchQueries = () => apiGet<QueryRecord[]>('/api/queries');

/** POST /api/text-to-speech: an audio blob; a non-OK status raises the response's text (doc 1 §7). */
export async function fetchSpeech(text: string, signal?: AbortSignal): Promise<Blob> {
  const response = await apiRequest('POST', '/api/text-to-speech', { body: { text }, signal });
  return response.blob();
}

/** Doc 2 §7: GET /api/business-profile/current (business and business_pro only). */
export interface BusinessProfileStatus {
  hasBusinessProfile: boolean;
  isKnowledgeBaseSetup: boolean;
}
export const BUSINESS_PROFILE_KEY = ['/api/business-profile/current'] as const;
export const fetchBusinessProfileStatus = () => apiGet<BusinessProfileStatus>('/api/business-profile/current');
