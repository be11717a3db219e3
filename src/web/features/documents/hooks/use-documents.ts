import { useQuery } from '@tanstack/react-query';
import { DOCUMENTS_KEY, fetchDocuments } from '../api.ts';

/** The user's documents; polled every 2 s while one is processing, so badges change without a reload. */
export function useDocuments(enabled: boolean) {
  return useQuery({
    queryKey: DOCUMENTS_KEY,
    queryFn: fetchDocuments,
    enabled,
    refetchInterval: (query) => (query.state.data?.documents.some((d) => d.status === 'processing') ? 2000 : false),
  });
}
