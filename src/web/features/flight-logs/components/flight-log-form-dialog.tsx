import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EARLIEST_FLIGHT_DATE, FLIGHT_LOG_DEFAULTS, FLIGHT_LOG_MESSAGES, FLIGHT_TYPE_LABELS, FLIGHT_TYPES, flightLogInputSchema, type FlightLog, type FlightLogInputRaw } from '../../../../shared/flight-logs/contract.ts';
import { droneDisplayName, type Drone } from '../../../../shared/drones.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { DRONES_KEY } from '../../drones/public-data.ts';
import { createFlightLog, LOGBOOK_KEYS, replaceFlightLog } from '../api.ts';
import { localToday } from '../format.ts';
import { FieldRow, NativeSelect } from './fields.tsx';

type Field = 'droneId' | 'flightDate' | 'flightDuration' | 'flightType' | 'location' | 'conditions' | 'notes';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

function initialValues(log: FlightLog | null): Values {
  return {
    // Defaults (doc 2 §5): today, 30 minutes, recreational; the drone is the primary one (see below).
    droneId: log ? String(log.droneId) : '',
    flightDate: log?.flightDate ?? localToday(),
    flightDuration: String(log?.flightDuration ?? FLIGHT_LOG_DEFAULTS.flightDuration),
    flightType: log?.flightType ?? FLIGHT_LOG_DEFAULTS.flightType,
    location: log?.location ?? '',
    conditions: log?.conditions ?? '',
    notes: log?.notes ?? '',
  };
}

function validate(v: Values): Errors {
  const result = flightLogInputSchema.safeParse(v);
  const errors: Errors = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0]) as Field] ??= issue.message;
  // The pilot's own today is the limit on the page (the server allows any time zone's today).
  if (!errors.flightDate && v.flightDate > localToday()) errors.flightDate = FLIGHT_LOG_MESSAGES.dateInFuture;
  return errors;
}

/** Add/Edit Flight Log (doc 2 §2, §4, §5): validates on change; saving refreshes the list and totals. */
export function FlightLogFormDialog({ open, log, drones, dronesLoading, onClose }: { open: boolean; log: FlightLog | null; drones: readonly Drone[]; dronesLoading: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg" data-testid="flight-log-dialog">
        <DialogHeader>
          <DialogTitle>{log ? 'Edit Flight Log' : 'Add Flight Log'}</DialogTitle>
          <DialogDescription>{log ? 'Change the details of this flight.' : 'Record a flight in your logbook.'}</DialogDescription>
        </DialogHeader>
        {open && <FlightLogForm key={log?.id ?? 'new'} log={log} drones={drones} dronesLoading={dronesLoading} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function FlightLogForm({ log, drones, dronesLoading, onDone }: { log: FlightLog | null; drones: readonly Drone[]; dronesLoading: boolean; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [chosen, setValues] = useState<Values>(() => initialValues(log));
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  // The Drones page promises the primary drone is "picked by default" (issue 16): a new flight starts
  // on it until the pilot picks another. Derived, not stored, so drones that load after the dialog
  // opened still preselect it.
  const primaryId = drones.find((d) => d.isPrimary)?.id;
  const values: Values = !log && !touched.droneId && chosen.droneId === '' && primaryId !== undefined ? { ...chosen, droneId: String(primaryId) } : chosen;

  const save = useMutation({
    mutationFn: (body: FlightLogInputRaw) => (log ? replaceFlightLog(log.id, body) : createFlightLog(body)),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: LOGBOOK_KEYS.all }), queryClient.invalidateQueries({ queryKey: DRONES_KEY })]);
      toast({ title: log ? 'Flight Log Updated' : 'Flight Log Added', description: 'Your logbook has been updated.' });
      onDone();
    },
    onError: (error) => toast({ title: 'Save Failed', description: error instanceof ApiError ? error.serverMessage : 'Failed to save flight log', variant: 'destructive' }),
  });

  const set = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setTouched((t) => ({ ...t, [field]: true }));
    setErrors(validate(next));
  };
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setTouched({ droneId: true, flightDate: true, flightDuration: true, flightType: true, location: true, conditions: true, notes: true });
    const parsed = flightLogInputSchema.safeParse(values);
    if (Object.keys(found).length === 0 && parsed.success) save.mutate(parsed.data);
  };

  const busy = save.isPending || dronesLoading;
  const invalid = (field: Field) => (shown(field) ? true : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="flight-log-form">
      <FieldRow id="log-drone" label="Drone" error={shown('droneId')}>
        <NativeSelect id="log-drone" value={values.droneId} onChange={(e) => set('droneId', e.target.value)} aria-invalid={invalid('droneId')} disabled={dronesLoading}>
          {drones.length === 0 ? (
            <option value="">{dronesLoading ? 'Loading drones…' : FLIGHT_LOG_MESSAGES.noDrones}</option>
          ) : (
            <>
              <option value="">Select a drone</option>
              {drones.map((d) => (
                <option key={d.id} value={d.id}>
                  {droneDisplayName(d)}
                  {d.isPrimary ? ' (Primary)' : ''}
                </option>
              ))}
            </>
          )}
        </NativeSelect>
      </FieldRow>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldRow id="log-date" label="Flight Date" error={shown('flightDate')}>
          <Input id="log-date" type="date" min={EARLIEST_FLIGHT_DATE} max={localToday()} value={values.flightDate} onChange={(e) => set('flightDate', e.target.value)} aria-invalid={invalid('flightDate')} />
        </FieldRow>
        <FieldRow id="log-duration" label="Duration (minutes)" error={shown('flightDuration')}>
          <Input id="log-duration" type="number" min={1} step={1} inputMode="numeric" value={values.flightDuration} onChange={(e) => set('flightDuration', e.target.value)} aria-invalid={invalid('flightDuration')} />
        </FieldRow>
      </div>
      <FieldRow id="log-type" label="Flight Type" error={shown('flightType')}>
        <NativeSelect id="log-type" value={values.flightType} onChange={(e) => set('flightType', e.target.value)}>
          {FLIGHT_TYPES.map((t) => (
            <option key={t} value={t}>
              {FLIGHT_TYPE_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </FieldRow>
      <FieldRow id="log-location" label="Location (optional)" error={shown('location')}>
        <Input id="log-location" value={values.location} onChange={(e) => set('location', e.target.value)} placeholder="e.g. Riverside Park" />
      </FieldRow>
      <FieldRow id="log-conditions" label="Conditions (optional)" error={shown('conditions')}>
        <Input id="log-conditions" value={values.conditions} onChange={(e) => set('conditions', e.target.value)} placeholder="e.g. Clear, light wind" />
      </FieldRow>
      <FieldRow id="log-notes" label="Notes (optional)" error={shown('notes')}>
        <Textarea id="log-notes" rows={3} value={values.notes} onChange={(e) => set('notes', e.target.value)} />
      </FieldRow>
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} data-testid="flight-log-save">
          {save.isPending ? 'Saving…' : log ? 'Save Changes' : 'Add Flight Log'}
        </Button>
      </DialogFooter>
    </form>
  );
}
