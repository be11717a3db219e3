import type { BulkResult, ClarificationResponse, FlightLog, FlightLogIds, FlightLogInputRaw, FlightLogList, FlightStats, ImportResponse, TotalHours } from '../../../shared/flight-logs/contract.ts';
import { apiGet, apiRequest, apiSend, ApiError } from '../../lib/api-client.ts';

/** Every logbook query starts with 'flight-logs' so one invalidation refreshes them all (drones do too). */
export const LOGBOOK_KEYS = {
  all: ['flight-logs'] as const,
  list: ['flight-logs', 'list'] as const,
  total: ['flight-logs', 'total'] as const,
  stats: ['flight-logs', 'stats'] as const,
};

/** One page of Flight History, newest first; `cursor` is the previous page's nextCursor (ADR 0014). */
export const fetchFlightLogsPage = (cursor: string | null) => apiGet<FlightLogList>(cursor ? `/api/flight-logs?cursor=${encodeURIComponent(cursor)}` : '/api/flight-logs');

/** Every flight id of the user, from the server a large page at a time: "select all" means all, not the pages shown. */
export async function fetchAllFlightLogIds(): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: FlightLogIds = await apiGet<FlightLogIds>(cursor ? `/api/flight-logs/ids?cursor=${encodeURIComponent(cursor)}` : '/api/flight-logs/ids');
    ids.push(...page.ids);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}
export const fetchTotalHours = () => apiGet<TotalHours>('/api/flight-hours/total');
export const fetchFlightStats = () => apiGet<FlightStats>('/api/flight-logs/stats');
export const createFlightLog = (body: FlightLogInputRaw) => apiSend<FlightLog>('POST', '/api/flight-logs', { body });
export const replaceFlightLog = (id: number, body: FlightLogInputRaw) => apiSend<FlightLog>('PUT', `/api/flight-logs/${id}`, { body });
export const patchFlightLog = (id: number, body: Record<string, string>) => apiSend<FlightLog>('PATCH', `/api/flight-logs/${id}`, { body });
export const bulkDeleteFlightLogs = (ids: number[]) => apiSend<BulkResult>('POST', '/api/flight-logs/bulk/delete', { body: { ids } });
export const bulkPatchFlightLogs = (ids: number[], changes: Record<string, string>) => apiSend<BulkResult>('POST', '/api/flight-logs/bulk/patch', { body: { ids, changes } });
export const deleteFlightLog = (id: number) => apiSend<{ id: number; message: string }>('DELETE', `/api/flight-logs/${id}`);

/** GET /api/flight-logs/export/csv as a file (the session cookie signs the call). */
export async function downloadExport(): Promise<Blob> {
  const response = await apiRequest('GET', '/api/flight-logs/export/csv');
  return response.blob();
}

export type ImportOutcome = { kind: 'done'; result: ImportResponse } | { kind: 'question'; clarification: ClarificationResponse };

const isClarification = (body: unknown): body is ClarificationResponse =>
  typeof body === 'object' && body !== null && 'needsClarification' in body && body.needsClarification === true && 'sessionId' in body;

/** A 400 that asks a question is a step of the import, not a failure (doc 2 §7). */
async function outcomeOf(call: Promise<Response>): Promise<ImportOutcome> {
  try {
    const response = await call;
    return { kind: 'done', result: (await response.json()) as ImportResponse };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && isClarification(error.body)) return { kind: 'question', clarification: error.body };
    throw error;
  }
}

/** POST /api/flight-logs/import/csv: the raw CSV text with content type text/csv. */
export function startImport(csv: string): Promise<ImportOutcome> {
  const call = fetch('/api/flight-logs/import/csv', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv, credentials: 'include' }).then(async (response) => {
    if (response.ok) return response;
    const raw = await response.text();
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : response.statusText;
    throw new ApiError(response.status, message || `Error ${response.status}`, body);
  });
  return outcomeOf(call);
}

export const answerClarification = (sessionId: string, clarification: string) =>
  outcomeOf(apiRequest('POST', '/api/flight-logs/import/csv/clarify', { body: { sessionId, clarification } }));

export const cancelImportSession = (sessionId: string) => apiSend<{ sessionId: string; message: string }>('DELETE', `/api/flight-logs/import/sessions/${sessionId}`);
