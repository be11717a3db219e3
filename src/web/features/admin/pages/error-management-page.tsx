import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { STATUS_BADGES, STATUS_CLASSES, statusClassOf, type ErrorLog, type StatusClass } from '../../../../shared/admin.ts';
import { staffCan } from '../../../../shared/admin-permissions.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useTierAccess } from '../../auth/index.ts';
import { ERRORS_KEY, resolveError, type ErrorFilters } from '../api.ts';
import { LoadMore, Loading, NativeSelect, StaffPage, formatWhen, serverMessage } from '../components/staff-page.tsx';
import { useErrorLogs } from '../hooks/use-admin.ts';
import { useDebounced } from '../hooks/use-debounced.ts';

const badgeVariant: Record<StatusClass, 'destructive' | 'warning' | 'secondary'> = { server: 'destructive', client: 'warning', other: 'secondary' };

/** /admin/errors 'Error Management' (doc 3 §2.5, §5, §8): unresolved by default, resolve with optional notes. */
export function ErrorManagementPage() {
  const { tierPair } = useTierAccess();
  const canResolve = tierPair !== null && staffCan(tierPair, 'errors', 'change');
  const [filters, setFilters] = useState<ErrorFilters>({ includeResolved: false, statusClass: null, path: '' });
  const [resolving, setResolving] = useState<ErrorLog | null>(null);
  const logs = useErrorLogs(useDebounced(filters));
  const errors = logs.data?.pages.flatMap((p) => p.errors) ?? [];

  return (
    <StaffPage
      testId="error-management-page"
      title="Error Management"
      description="Every failed request the server answered, newest first. Resolve an error once it is understood or fixed."
      back={{ to: '/profile', label: 'Back to Profile' }}
      links={[
        { to: '/profile', label: 'Profile' },
        { to: '/admin/analytics', label: 'Analytics' },
      ]}
    >
      <Card>
        <CardContent className="grid gap-4 p-4 sm:grid-cols-3 sm:items-end">
          <div className="flex items-center gap-3">
            <Switch
              id="include-resolved"
              checked={filters.includeResolved}
              onCheckedChange={(v) => setFilters((f) => ({ ...f, includeResolved: v }))}
              data-testid="include-resolved"
            />
            <Label htmlFor="include-resolved">Show resolved errors</Label>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="status-class">Status</Label>
            <NativeSelect
              id="status-class"
              value={filters.statusClass ?? ''}
              onChange={(e) => setFilters((f) => ({ ...f, statusClass: (e.target.value || null) as StatusClass | null }))}
            >
              <option value="">All statuses</option>
              {STATUS_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {STATUS_BADGES[c]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="path-filter">Path contains</Label>
            <Input id="path-filter" value={filters.path} maxLength={200} placeholder="/api/weather" onChange={(e) => setFilters((f) => ({ ...f, path: e.target.value }))} />
          </div>
        </CardContent>
      </Card>

      {logs.isLoading ? (
        <Loading label="Loading error logs" />
      ) : logs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load error logs: {serverMessage(logs.error)}
        </p>
      ) : errors.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-center text-sm text-muted-foreground" data-testid="no-errors">
            {filters.includeResolved ? 'No errors found' : 'No unresolved errors found'}
          </CardContent>
        </Card>
      ) : (
        <ul className="grid min-w-0 gap-3" aria-label="Error logs">
          {errors.map((e) => {
            const cls = statusClassOf(e.statusCode);
            return (
              <li key={e.id}>
                <Card data-testid="error-row">
                  <CardContent className="grid gap-2 p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant={badgeVariant[cls]} data-testid="status-badge">
                        {e.statusCode} {STATUS_BADGES[cls]}
                      </Badge>
                      <code className="min-w-0 text-sm font-medium [overflow-wrap:anywhere]">
                        {e.method} {e.endpoint}
                      </code>
                      {e.occurrences > 1 && (
                        <Badge variant="secondary" title="Repeats by the same sender, route and status within that minute">
                          ×{e.occurrences}
                        </Badge>
                      )}
                      {e.resolved && (
                        <Badge variant="success">
                          <CheckCircle2 aria-hidden /> Resolved
                        </Badge>
                      )}
                    </div>
                    <p className="text-sm [overflow-wrap:anywhere]">{e.errorMessage}</p>
                    <p className="text-xs text-muted-foreground">
                      {formatWhen(e.timestamp)}
                      {e.userId ? ` · user ${e.userId.slice(0, 8)}` : ' · signed out'}
                      {e.userTier ? ` (${e.userTier})` : ''}
                      {e.ipAddress ? ` · ${e.ipAddress}` : ''}
                    </p>
                    {e.errorStack && (
                      <details className="text-xs">
                        <summary className="cursor-pointer text-muted-foreground">Stack trace</summary>
                        <pre className="mt-1 max-h-60 overflow-auto rounded bg-muted p-2 whitespace-pre-wrap">{e.errorStack}</pre>
                      </details>
                    )}
                    {e.resolved ? (
                      <p className="text-xs text-muted-foreground" data-testid="resolution">
                        Resolved {formatWhen(e.resolvedAt)}
                        {e.notes ? ` — ${e.notes}` : ''}
                      </p>
                    ) : (
                      canResolve && (
                        <div>
                          <Button size="sm" variant="outline" onClick={() => setResolving(e)} aria-label={`Resolve ${e.method} ${e.endpoint}`}>
                            <CheckCircle2 aria-hidden />
                            Resolve
                          </Button>
                        </div>
                      )
                    )}
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore hasNext={logs.hasNextPage} loading={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()} />
      <ResolveDialog error={resolving} onClose={() => setResolving(null)} />
    </StaffPage>
  );
}

function ResolveDialog({ error, onClose }: { error: ErrorLog | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState('');
  const resolve = useMutation({
    mutationFn: ({ id, notes }: { id: string; notes: string }) => resolveError(id, notes),
    onSuccess: async () => {
      setNotes('');
      onClose();
      await queryClient.invalidateQueries({ queryKey: ERRORS_KEY });
      toast({ title: 'Error Resolved' });
    },
    onError: (e) => toast({ title: 'Failed to resolve error', description: serverMessage(e), variant: 'destructive' }),
  });
  return (
    <Dialog open={error !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resolve error</DialogTitle>
          <DialogDescription>
            {error ? `${error.statusCode} ${error.method} ${error.endpoint}` : ''}. Notes are optional.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="resolve-notes">Notes</Label>
          <Textarea id="resolve-notes" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} placeholder="What was wrong, what fixed it" />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => error && resolve.mutate({ id: error.id, notes })} disabled={resolve.isPending} data-testid="confirm-resolve">
            Mark Resolved
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
