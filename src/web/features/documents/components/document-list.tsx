import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { REASON_MAX, type UserDocument } from '../../../../shared/documents.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { DOCUMENTS_KEY, deleteDocument, requestDeletion } from '../api.ts';
import { useDocuments } from '../hooks/use-documents.ts';

/** Status badges of spec doc 2 §4: Processing yellow, Ready green, Error red with the message on hover, else Unknown. */
export function StatusBadge({ doc }: { doc: Pick<UserDocument, 'status' | 'chatlingErrorMessage'> }) {
  switch (doc.status) {
    case 'processing':
      return <Badge variant="warning">Processing</Badge>;
    case 'ready':
      return <Badge variant="success">Ready</Badge>;
    case 'error':
      return (
        <Badge variant="destructive" title={doc.chatlingErrorMessage ?? undefined}>
          Error
        </Badge>
      );
    default:
      return <Badge variant="outline">Unknown</Badge>;
  }
}

const REVIEW_LABEL: Record<string, string> = { pending: 'Awaiting review', approved: 'In knowledge base', rejected: 'Rejected' };

/** 'Your Documents' (spec doc 2 §2): count badge, status, request-deletion dialog, direct delete. */
export function DocumentList() {
  const queryClient = useQueryClient();
  const documents = useDocuments(true);
  const [requesting, setRequesting] = useState<UserDocument | null>(null);
  const [reason, setReason] = useState('');
  const [deleting, setDeleting] = useState<UserDocument | null>(null);

  const remove = useMutation({
    mutationFn: (id: string) => deleteDocument(id),
    onSuccess: async () => {
      toast({ title: 'Document deleted' });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    },
    onError: () => toast({ title: 'Delete failed', variant: 'destructive' }),
  });
  const request = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => requestDeletion(id, text.trim()),
    onSuccess: () => {
      toast({ title: 'Deletion Request Submitted' });
      setRequesting(null);
      setReason('');
    },
    onError: (error) =>
      toast({ title: 'Request Failed', description: error instanceof ApiError ? error.serverMessage : 'Failed to submit deletion request', variant: 'destructive' }),
  });

  const list = documents.data?.documents ?? [];
  return (
    <Card data-testid="your-documents">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          Your Documents
          <Badge variant="secondary" data-testid="documents-count">
            {list.length}
          </Badge>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {documents.isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : documents.isError ? (
          <p className="text-sm text-destructive">Could not load your documents.</p>
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No documents yet. Upload a manual or procedure to get started.</p>
        ) : (
          <ul className="grid gap-3">
            {list.map((doc) => (
              <li key={doc.id} className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-start" data-testid="document-row">
                <FileText className="mt-0.5 hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words">{doc.title}</span>
                    <StatusBadge doc={doc} />
                  </div>
                  <p className="truncate text-xs text-muted-foreground">
                    {doc.fileName} · {(doc.fileSize / 1024).toFixed(0)} KB · {new Date(doc.uploadDate).toLocaleDateString()}
                  </p>
                  {/* Why it could not be read, on the row itself: the badge's tooltip is not there on a phone. */}
                  {doc.status === 'error' && doc.chatlingErrorMessage && (
                    <p className="mt-1 text-sm break-words text-destructive" data-testid="document-error">
                      {doc.chatlingErrorMessage}
                    </p>
                  )}
                  {doc.description && <p className="mt-1 text-sm text-muted-foreground">{doc.description}</p>}
                  <p className="mt-1 text-xs text-muted-foreground" data-testid="review-state">
                    {REVIEW_LABEL[doc.approvalStatus] ?? doc.approvalStatus}
                    {doc.approvalStatus === 'rejected' && doc.reviewNotes ? `: ${doc.reviewNotes}` : ''}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setRequesting(doc)}>
                    Request Deletion
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={`Delete ${doc.title}`} onClick={() => setDeleting(doc)}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <Dialog open={requesting !== null} onOpenChange={(open) => !open && setRequesting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Request Document Deletion</DialogTitle>
            <DialogDescription>Staff review the request for “{requesting?.title}” and remove it from your knowledge base.</DialogDescription>
          </DialogHeader>
          <Textarea value={reason} maxLength={REASON_MAX} onChange={(e) => setReason(e.target.value)} placeholder="Reason for deletion" aria-label="Reason for deletion" rows={4} />
          <DialogFooter>
            <Button variant="outline" onClick={() => setRequesting(null)}>
              Cancel
            </Button>
            <Button disabled={!reason.trim() || request.isPending} onClick={() => requesting && request.mutate({ id: requesting.id, text: reason })}>
              Submit Request
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete document?</DialogTitle>
            <DialogDescription>“{deleting?.title}” and everything the assistant learned from it will be removed. This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)} data-testid="confirm-delete-document">
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
