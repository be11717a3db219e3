import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { BackLink } from '../../../components/back-link.tsx';
import { useState } from 'react';
import { NOTES_MAX, REJECT_NOTES_REQUIRED, type AdminDocument, type DeletionRequest } from '../../../../shared/documents.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  ADMIN_DOCUMENTS_KEY,
  approveDeletionRequest,
  approveDocument,
  completeDeletionRequest,
  fetchDeletionRequests,
  fetchReviewList,
  rejectDocument,
} from '../api.ts';
import { StatusBadge } from '../components/document-list.tsx';
import { ExtractedText } from '../components/extracted-text.tsx';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: error instanceof ApiError ? error.serverMessage : 'Something went wrong', variant: 'destructive' });

function Empty({ text }: { text: string }) {
  return <p className="py-10 text-center text-sm text-muted-foreground">{text}</p>;
}

function DocumentCard({ doc, reviewable }: { doc: AdminDocument; reviewable: boolean }) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState('');
  const [showText, setShowText] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_DOCUMENTS_KEY });
  const approve = useMutation({
    mutationFn: () => approveDocument(doc.id, notes.trim()),
    onSuccess: async () => {
      toast({ title: 'Document Approved' });
      await refresh();
    },
    onError: failed('Approval failed'),
  });
  const reject = useMutation({
    mutationFn: () => rejectDocument(doc.id, notes.trim()),
    onSuccess: async () => {
      toast({ title: 'Document Rejected' });
      await refresh();
    },
    onError: failed('Rejection failed'),
  });
  return (
    <Card data-testid="review-document">
      <CardHeader>
        <CardTitle as="h3" className="flex flex-wrap items-center gap-2">
          {doc.title}
          <StatusBadge doc={{ status: doc.status, chatlingErrorMessage: doc.processingError }} />
        </CardTitle>
        <CardDescription className="break-words">
          {doc.fileName} · {(doc.fileSize / 1024).toFixed(0)} KB · uploaded by <span className="break-all">{doc.uploadedBy}</span> on {new Date(doc.uploadDate).toLocaleString()}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {doc.description && <p className="text-sm">{doc.description}</p>}
        {doc.status === 'error' && <p className="text-sm text-destructive">{doc.processingError}</p>}
        {doc.content && (
          <div className="grid gap-2">
            <Button variant="ghost" size="sm" className="w-fit" onClick={() => setShowText((v) => !v)}>
              {showText ? 'Hide extracted text' : 'Show extracted text'}
            </Button>
            {showText && (
<ExtractedText content={doc.content} />
            )}
          </div>
        )}
        {reviewable ? (
          <>
            <Textarea value={notes} maxLength={NOTES_MAX} onChange={(e) => setNotes(e.target.value)} placeholder="Review notes (required to reject)" aria-label="Review notes" rows={2} />
            <div className="flex flex-wrap gap-2">
              <Button disabled={approve.isPending} onClick={() => approve.mutate()} data-testid="approve-document">
                Approve
              </Button>
              <Button
                variant="destructive"
                disabled={reject.isPending}
                onClick={() => {
                  if (!notes.trim()) {
                    toast({ title: 'Review Notes Required', description: REJECT_NOTES_REQUIRED, variant: 'destructive' });
                    return;
                  }
                  reject.mutate();
                }}
              >
                Reject
              </Button>
            </div>
          </>
        ) : (
          <p className="text-xs text-muted-foreground">
            Approved {doc.reviewDate ? new Date(doc.reviewDate).toLocaleString() : ''}
            {doc.reviewNotes ? ` · ${doc.reviewNotes}` : ''}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The continuation of a paged list (ADR 0014): the next page on request, added below the ones shown. */
function LoadMore({ hasNext, loading, onClick }: { hasNext: boolean; loading: boolean; onClick: () => void }) {
  if (!hasNext) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={onClick} disabled={loading} data-testid="load-more">
        {loading && <Spinner size="sm" label="Loading more" />}
        Load more
      </Button>
    </div>
  );
}

const nextPage = (last: { nextCursor: string | null }) => last.nextCursor;

function DocumentTab({ which }: { which: 'pending' | 'approved' }) {
  const query = useInfiniteQuery({
    queryKey: [...ADMIN_DOCUMENTS_KEY, which],
    queryFn: ({ pageParam }) => fetchReviewList(which, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextPage,
    refetchInterval: 5000,
  });
  if (query.isLoading) return <Spinner className="mx-auto my-8" />;
  if (query.isError) return <p className="text-sm text-destructive">Could not load documents.</p>;
  const docs = query.data?.pages.flatMap((p) => p.documents) ?? [];
  if (docs.length === 0) return <Empty text={which === 'pending' ? 'No pending documents' : 'No approved documents'} />;
  return (
    <div className="grid gap-4">
      {docs.map((d) => (
        <DocumentCard key={d.id} doc={d} reviewable={which === 'pending'} />
      ))}
      <LoadMore hasNext={query.hasNextPage} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
    </div>
  );
}

function DeletionRequestCard({ request }: { request: DeletionRequest }) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_DOCUMENTS_KEY });
  const approve = useMutation({
    mutationFn: () => approveDeletionRequest(request.id, notes.trim()),
    onSuccess: async () => {
      toast({ title: 'Deletion Request Approved' });
      await refresh();
    },
    onError: failed('Approval failed'),
  });
  const complete = useMutation({
    mutationFn: () => completeDeletionRequest(request.id),
    onSuccess: async () => {
      toast({ title: 'Deletion Complete' });
      await refresh();
    },
    onError: failed('Deletion failed'),
  });
  return (
    <Card data-testid="deletion-request">
      <CardHeader>
        <CardTitle as="h3" className="flex flex-wrap items-center gap-2">
          {request.documentTitle}
          <Badge variant={request.status === 'approved' ? 'success' : 'warning'}>{request.status}</Badge>
        </CardTitle>
        <CardDescription className="break-words">
          {request.documentFileName} · requested {new Date(request.createdAt).toLocaleString()}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm">
          <span className="font-medium">Reason:</span> {request.reason}
        </p>
        {request.status === 'pending' ? (
          <>
            <Textarea value={notes} maxLength={NOTES_MAX} onChange={(e) => setNotes(e.target.value)} placeholder="Review notes (optional)" aria-label="Review notes" rows={2} />
            <Button className="w-fit" disabled={approve.isPending} onClick={() => approve.mutate()}>
              Approve Request
            </Button>
          </>
        ) : (
          <Button className="w-fit" variant="destructive" disabled={complete.isPending} onClick={() => complete.mutate()}>
            Complete Deletion
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function DeletionTab() {
  const query = useInfiniteQuery({
    queryKey: [...ADMIN_DOCUMENTS_KEY, 'deletion-requests'],
    queryFn: ({ pageParam }) => fetchDeletionRequests(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextPage,
  });
  if (query.isLoading) return <Spinner className="mx-auto my-8" />;
  if (query.isError) return <p className="text-sm text-destructive">Could not load deletion requests.</p>;
  const list = query.data?.pages.flatMap((p) => p.deletionRequests) ?? [];
  if (list.length === 0) return <Empty text="No deletion requests" />;
  return (
    <div className="grid gap-4">
      {list.map((r) => (
        <DeletionRequestCard key={r.id} request={r} />
      ))}
      <LoadMore hasNext={query.hasNextPage} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
    </div>
  );
}

/** /admin/documents (spec doc 3 §2.5, §7): Pending Review, Approved, Deletion Requests. */
export function DocumentReviewPage() {
  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 gap-6 px-4 py-6 sm:px-6" data-testid="document-review-page">
      <div className="grid gap-2">
        <BackLink to="/profile">Back to Profile</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight">Document Review</h1>
        <p className="text-sm text-muted-foreground">Approved documents join their business's knowledge base; the assistant cites them to that business only.</p>
      </div>
      <Tabs defaultValue="pending">
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-fit">
          <TabsTrigger value="pending" className="px-2 text-xs whitespace-normal sm:px-3 sm:text-sm">Pending Review</TabsTrigger>
          <TabsTrigger value="approved" className="px-2 text-xs whitespace-normal sm:px-3 sm:text-sm">Approved</TabsTrigger>
          <TabsTrigger value="deletion" className="px-2 text-xs whitespace-normal sm:px-3 sm:text-sm">Deletion Requests</TabsTrigger>
        </TabsList>
        <TabsContent value="pending" className="mt-4">
          <DocumentTab which="pending" />
        </TabsContent>
        <TabsContent value="approved" className="mt-4">
          <DocumentTab which="approved" />
        </TabsContent>
        <TabsContent value="deletion" className="mt-4">
          <DeletionTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
