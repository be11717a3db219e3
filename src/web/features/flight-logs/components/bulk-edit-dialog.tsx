import { useState } from 'react';
import { bulkEditPayload, FLIGHT_LOG_MESSAGES, FLIGHT_TYPE_LABELS, FLIGHT_TYPES } from '../../../../shared/flight-logs/contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { FieldRow, NativeSelect } from './fields.tsx';

const EMPTY = { flightType: 'unchanged', location: '', conditions: '', notes: '' };

/** Bulk Edit Flight Logs (doc 2 §5): only the filled-in fields are sent; notes are appended. */
export function BulkEditDialog({ open, count, onClose, onApply }: { open: boolean; count: number; onClose: () => void; onApply: (changes: Record<string, string>) => void }) {
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const apply = () => {
    const changes = bulkEditPayload(form);
    if (!changes) {
      toast({ title: FLIGHT_LOG_MESSAGES.noChangesTitle, description: FLIGHT_LOG_MESSAGES.noChanges, variant: 'destructive' });
      return;
    }
    setForm(EMPTY);
    onApply(changes);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg" data-testid="bulk-edit-dialog">
        <DialogHeader>
          <DialogTitle>Bulk Edit Flight Logs</DialogTitle>
          <DialogDescription>
            Change {count} selected {count === 1 ? 'flight' : 'flights'}. Fields left empty stay as they are; notes are appended to existing notes.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <FieldRow id="bulk-type" label="Flight Type">
            <NativeSelect id="bulk-type" value={form.flightType} onChange={(e) => set('flightType', e.target.value)}>
              <option value="unchanged">Keep unchanged</option>
              {FLIGHT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FLIGHT_TYPE_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          </FieldRow>
          <FieldRow id="bulk-location" label="Location">
            <Input id="bulk-location" value={form.location} onChange={(e) => set('location', e.target.value)} />
          </FieldRow>
          <FieldRow id="bulk-conditions" label="Conditions">
            <Input id="bulk-conditions" value={form.conditions} onChange={(e) => set('conditions', e.target.value)} />
          </FieldRow>
          <FieldRow id="bulk-notes" label="Notes (appended)">
            <Textarea id="bulk-notes" rows={3} value={form.notes} onChange={(e) => set('notes', e.target.value)} />
          </FieldRow>
        </div>
        <DialogFooter className="gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={apply} data-testid="bulk-edit-apply">
            Update {count} {count === 1 ? 'Flight' : 'Flights'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
