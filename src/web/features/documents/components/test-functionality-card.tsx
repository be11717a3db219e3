import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { REASON_MAX } from '../../../../shared/documents.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { DOCUMENTS_KEY, testDeletionRequest, testUpload } from '../api.ts';

/** Test Functionality (spec doc 2 §2): for admin or developer users whose tier lacks 'business'. */
export function TestFunctionalityCard() {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const upload = useMutation({
    mutationFn: testUpload,
    onSuccess: async () => {
      toast({ title: 'Test document uploaded' });
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    },
    onError: () => toast({ title: 'Test upload failed', variant: 'destructive' }),
  });
  const request = useMutation({
    mutationFn: () => testDeletionRequest(reason.trim()),
    onSuccess: () => {
      toast({ title: 'Deletion request submitted' });
      setReason('');
    },
    onError: () => toast({ title: 'Request failed', variant: 'destructive' }),
  });
  return (
    <Card data-testid="test-functionality-card">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <FlaskConical className="size-5" aria-hidden />
          Test Functionality
        </CardTitle>
        <CardDescription>Check the upload and deletion-request flow without a business plan.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button variant="outline" disabled={upload.isPending} onClick={() => upload.mutate()}>
          Test Upload
        </Button>
        <Textarea value={reason} maxLength={REASON_MAX} onChange={(e) => setReason(e.target.value)} placeholder="Reason for the test deletion request" aria-label="Test deletion reason" rows={2} />
        <Button variant="outline" disabled={!reason.trim() || request.isPending} onClick={() => request.mutate()}>
          Test Deletion Request
        </Button>
      </CardContent>
    </Card>
  );
}
