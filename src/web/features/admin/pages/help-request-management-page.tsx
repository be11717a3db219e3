import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import {
  HELP_PRIORITIES,
  HELP_STATUSES,
  HELP_STATUS_LABELS,
  NOTES_MAX,
  RESPONSE_MAX,
  changedHelpFields,
  type AdminHelpRequest,
} from '../../../../shared/admin.ts';
import { staffCan } from '../../../../shared/admin-permissions.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useTierAccess } from '../../auth/index.ts';
import { HELP_KEY, updateHelpRequest } from '../api.ts';
import { LoadMore, Loading, NativeSelect, StaffPage, formatWhen, serverMessage } from '../components/staff-page.tsx';
import { useHelpRequests, useHelpStats } from '../hooks/use-admin.ts';

const statusVariant = { open: 'warning', in_progress: 'default', resolved: 'success', closed: 'secondary' } as const;
const priorityVariant = { low: 'secondary', normal: 'outline', high: 'warning', urgent: 'destructive' } as const;

/** /admin/help-requests 'Help Request Management' (doc 3 §2.5, §5, §7): stats, list and detail, polled every 30 s. */
export function HelpRequestManagementPage() {
  const requests = useHelpRequests();
  const stats = useHelpStats();
  const list = requests.data?.pages.flatMap((p) => p.helpRequests) ?? [];
  const [open, setOpen] = useState<AdminHelpRequest | null>(null);

  const figures = [
    { label: 'Total', value: stats.data?.total },
    { label: 'Open', value: stats.data?.open },
    { label: 'In Progress', value: stats.data?.inProgress },
    { label: 'Resolved', value: stats.data?.resolved },
  ];

  return (
    <StaffPage
      testId="help-request-management-page"
      title="Help Request Management"
      description="Requests sent from the Help tab. An answer written here is e-mailed to the requester."
      back={{ to: '/analytics', label: 'Back to Analytics' }}
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="help-stats">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
              <dt className="text-xs text-muted-foreground">{f.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{f.value ?? '—'}</dd>
          </div>
        ))}
      </dl>

      {requests.isLoading ? (
        <Loading label="Loading help requests" />
      ) : requests.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load help requests: {serverMessage(requests.error)}
        </p>
      ) : list.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-center text-sm text-muted-foreground" data-testid="no-help-requests">
            No help requests found
          </CardContent>
        </Card>
      ) : (
        <ul className="grid min-w-0 gap-3" aria-label="Help requests">
          {list.map((h) => (
            <li key={h.id}>
              <Card data-testid="help-row">
                <button
                  type="button"
                  className="grid w-full gap-1 rounded-lg p-4 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  onClick={() => setOpen(h)}
                  aria-label={`Open help request from ${h.userName ?? h.userEmail ?? 'unknown'}: ${h.subject}`}
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium capitalize">{h.subject}</span>
                    <Badge variant={statusVariant[h.status]}>{HELP_STATUS_LABELS[h.status]}</Badge>
                    <Badge variant={priorityVariant[h.priority]}>{h.priority}</Badge>
                    {h.adminResponse && (
                      <Badge variant="outline">
                        <Mail aria-hidden /> answered
                      </Badge>
                    )}
                  </span>
                  <span className="line-clamp-2 text-sm [overflow-wrap:anywhere]">{h.message}</span>
                  <span className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
                    {h.userName ?? 'Unknown'} · {h.userEmail ?? 'no e-mail'} · {formatWhen(h.submittedAt)}
                  </span>
                </button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasNext={requests.hasNextPage} loading={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()} />
      {open && <HelpRequestDialog key={open.id} request={open} onClose={() => setOpen(null)} />}
    </StaffPage>
  );
}

function HelpRequestDialog({ request, onClose }: { request: AdminHelpRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { tierPair } = useTierAccess();
  const canChange = tierPair !== null && staffCan(tierPair, 'helpRequests', 'change');
  const [status, setStatus] = useState(request.status);
  const [priority, setPriority] = useState(request.priority);
  const [adminResponse, setAdminResponse] = useState(request.adminResponse ?? '');
  const [internalNotes, setInternalNotes] = useState(request.internalNotes ?? '');

  const save = useMutation({
    mutationFn: (body: Parameters<typeof updateHelpRequest>[1]) => updateHelpRequest(request.id, body),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: HELP_KEY });
      toast({ title: 'Help Request Updated' });
    },
    onError: (e) => toast({ title: 'Failed to update help request', description: serverMessage(e), variant: 'destructive' }),
  });

  const submit = () => {
    const changes = changedHelpFields(request, { status, priority, adminResponse, internalNotes });
    if (Object.keys(changes).length === 0) {
      toast({ title: 'No Changes', description: 'No changes were made to update.' });
      return;
    }
    save.mutate(changes);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="capitalize">{request.subject}</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            From {request.userName ?? 'Unknown'} ({request.userEmail ?? 'no e-mail'}), {formatWhen(request.submittedAt)}
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-md bg-muted p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{request.message}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="help-status">Status</Label>
            <NativeSelect id="help-status" value={status} disabled={!canChange} onChange={(e) => setStatus(e.target.value as typeof status)}>
              {HELP_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {HELP_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="help-priority">Priority</Label>
            <NativeSelect id="help-priority" value={priority} disabled={!canChange} onChange={(e) => setPriority(e.target.value as typeof priority)}>
              {HELP_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="help-response">Response to the requester (sent by e-mail)</Label>
          <Textarea id="help-response" rows={4} maxLength={RESPONSE_MAX} value={adminResponse} disabled={!canChange} onChange={(e) => setAdminResponse(e.target.value)} />
          {request.respondedAt && <p className="text-xs text-muted-foreground">Last answered {formatWhen(request.respondedAt)}</p>}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="help-notes">Internal notes (staff only)</Label>
          <Textarea id="help-notes" rows={2} maxLength={NOTES_MAX} value={internalNotes} disabled={!canChange} onChange={(e) => setInternalNotes(e.target.value)} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {canChange && (
            <Button onClick={submit} disabled={save.isPending} data-testid="save-help-request">
              Save Changes
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
