import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { canAddDrone, DRONE_MESSAGES, droneDeleteNote, droneDisplayName, droneLimitMessage, makeAndModel, type Drone } from '../../../../shared/drones.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useTierAccess } from '../../auth/index.ts';
import { usePaymentsConfigured } from '../../billing/index.ts';
import { deleteDrone, DRONES_KEY, makePrimary } from '../api.ts';
import { useDrones } from '../hooks/use-drones.ts';
import { DroneFormDialog } from './drone-form-dialog.tsx';

/** Logbook queries start with this key: a drone change renames or retires drones in the flight list. */
const LOGBOOK_PREFIX = ['flight-logs'] as const;

/**
 * The user's drones, primary first, with add, edit, delete and make-primary (doc 2 §2). Shared by the
 * /drones page (`via="page"`, POST …/primary) and the profile's Drones tab (`via="profile"`, …/set-primary).
 */
export function DroneList({ via }: { via: 'page' | 'profile' }) {
  const queryClient = useQueryClient();
  const drones = useDrones();
  const { tierInfo } = useTierAccess();
  const [editing, setEditing] = useState<Drone | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Drone | null>(null);

  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: DRONES_KEY }), queryClient.invalidateQueries({ queryKey: LOGBOOK_PREFIX })]);
  };
  const primary = useMutation({
    mutationFn: (id: number) => makePrimary(id, via),
    onSuccess: refresh,
    onError: (error) => toast({ title: DRONE_MESSAGES.setPrimaryFailed, description: error instanceof ApiError ? error.serverMessage : undefined, variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteDrone(id),
    onSuccess: async (result) => {
      setDeleting(null);
      await refresh();
      toast({ title: result.retired ? 'Drone Retired' : 'Drone Deleted', description: result.message });
    },
    onError: (error) => toast({ title: DRONE_MESSAGES.deleteFailed, description: error instanceof ApiError ? error.serverMessage : undefined, variant: 'destructive' }),
  });

  const list = drones.data ?? [];
  const tier = tierInfo?.tier ?? null;
  const atLimit = tier !== null && !canAddDrone(tier, list.length);
  const paymentsOn = usePaymentsConfigured();

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby={`drone-list-title-${via}`} data-testid="drone-list">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`drone-list-title-${via}`} className="text-lg font-semibold">
          My Drones {drones.data && <span className="text-sm font-normal text-muted-foreground">({list.length})</span>}
        </h2>
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
          disabled={atLimit || drones.isLoading}
          aria-describedby={atLimit ? `drone-limit-${via}` : undefined}
          data-testid="add-drone"
        >
          <Plus aria-hidden />
          Add Drone
        </Button>
      </div>
      {atLimit && tier && (
        <p id={`drone-limit-${via}`} className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm" data-testid="drone-limit-hint">
          {droneLimitMessage(tier)}
          {/* Without payments /pricing is staff-only (ADR 0040): the message alone says what the plan allows. */}
          {paymentsOn && (
            <>
              {' '}
              <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline" data-testid="drone-limit-see-plans">
                See plans
              </Link>
            </>
          )}
        </p>
      )}

      {drones.isLoading ? (
        <div className="flex justify-center p-6">
          <Spinner label="Loading drones" />
        </div>
      ) : drones.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Could not load your drones. Please try again.
        </p>
      ) : list.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-center text-sm text-muted-foreground" data-testid="no-drones">
            You have not registered any drones yet. Add your first drone to start logging flights.
          </CardContent>
        </Card>
      ) : (
        <ul className="grid min-w-0 gap-3" aria-label="Registered drones">
          {list.map((d) => (
            <li key={d.id}>
              <Card data-testid="drone-row" className={d.isPrimary ? 'border-primary/60' : undefined}>
                <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium [overflow-wrap:anywhere]" data-testid="drone-name">
                        {droneDisplayName(d)}
                      </span>
                      {d.isPrimary && (
                        <Badge data-testid="primary-badge">
                          <Star aria-hidden /> Primary
                        </Badge>
                      )}
                    </div>
                    <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                      {d.name ? `${makeAndModel(d)} · ` : ''}S/N {d.serialNumber} · {d.uniqueIdentifier}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {d.flightCount} {d.flightCount === 1 ? 'flight' : 'flights'} logged · {d.loggedHours.toFixed(1)} h logged · {d.flightHours.toFixed(1)} h entered
                      {d.faaRegistration ? ` · FAA ${d.faaRegistration}` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {!d.isPrimary && (
                      <Button variant="outline" size="sm" onClick={() => primary.mutate(d.id)} disabled={primary.isPending} aria-label={`Make Primary: ${droneDisplayName(d)}`}>
                        <Star aria-hidden />
                        Make Primary
                      </Button>
                    )}
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        setEditing(d);
                        setFormOpen(true);
                      }}
                      aria-label={`Edit ${droneDisplayName(d)}`}
                    >
                      <Pencil aria-hidden />
                      Edit
                    </Button>
                    <Button variant="outline" size="sm" className="text-destructive" onClick={() => setDeleting(d)} aria-label={`Delete ${droneDisplayName(d)}`}>
                      <Trash2 aria-hidden />
                      Delete
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <DroneFormDialog open={formOpen} drone={editing} onClose={() => setFormOpen(false)} />

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent data-testid="drone-delete-dialog">
          <DialogHeader>
            <DialogTitle>Delete {deleting ? droneDisplayName(deleting) : 'drone'}?</DialogTitle>
            <DialogDescription>{deleting ? droneDeleteNote(deleting.flightCount) : ''}</DialogDescription>
          </DialogHeader>
          <DialogFooter className="gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)} data-testid="confirm-delete-drone">
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
