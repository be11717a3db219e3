import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DRONE_MESSAGES, droneFormSchema, FLIGHT_HOURS_STEP, generateUniqueIdentifier, type Drone, type DroneInputRaw } from '../../../../shared/drones.ts';
import { MANUFACTURER_NAMES, modelsOf, OTHER, otherModelLabel } from '../../../../shared/manufacturers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { createDrone, DRONES_KEY, updateDrone } from '../api.ts';
import { FieldRow } from './field-row.tsx';
import { NativeSelect } from './native-select.tsx';

type Field = 'name' | 'uniqueIdentifier' | 'serialNumber' | 'manufacturer' | 'model' | 'customManufacturer' | 'customModel' | 'faaRegistration' | 'flightHours' | 'registrationDate' | 'lastMaintenanceDate' | 'notes';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

function initialValues(drone: Drone | null): Values {
  return {
    name: drone?.name ?? '',
    uniqueIdentifier: drone?.uniqueIdentifier ?? generateUniqueIdentifier(),
    serialNumber: drone?.serialNumber ?? '',
    manufacturer: drone?.manufacturer ?? '',
    model: drone?.model ?? '',
    customManufacturer: drone?.customManufacturer ?? '',
    customModel: drone?.customModel ?? '',
    faaRegistration: drone?.faaRegistration ?? '',
    flightHours: String(drone?.flightHours ?? 0),
    registrationDate: drone?.registrationDate ?? '',
    lastMaintenanceDate: drone?.lastMaintenanceDate ?? '',
    notes: drone?.notes ?? '',
  };
}

/** The body sent: the free-text fields only when Other is chosen (doc 2 §5). */
function toBody(v: Values): DroneInputRaw {
  const makerOther = v.manufacturer === OTHER;
  const model = makerOther ? OTHER : v.model;
  return {
    ...v,
    model: model || null,
    customManufacturer: makerOther ? v.customManufacturer : null,
    customModel: model === OTHER ? v.customModel : null,
    flightHours: v.flightHours,
  };
}

function validate(v: Values): Errors {
  const result = droneFormSchema.safeParse(toBody(v));
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'manufacturer') as Field;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Add or edit a drone (doc 2 §2, §4, §5): closed, add or edit open, closed on save or cancel. */
export function DroneFormDialog({ open, drone, onClose }: { open: boolean; drone: Drone | null; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg" data-testid="drone-form-dialog">
        <DialogHeader>
          <DialogTitle>{drone ? 'Edit Drone' : 'Add Drone'}</DialogTitle>
          <DialogDescription>{drone ? 'Update the details of this drone.' : 'Register a drone you fly.'}</DialogDescription>
        </DialogHeader>
        {open && <DroneForm key={drone?.id ?? 'new'} drone={drone} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DroneForm({ drone, onDone }: { drone: Drone | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => initialValues(drone));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const save = useMutation({
    mutationFn: (body: DroneInputRaw) => (drone ? updateDrone(drone.id, body) : createDrone(body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: DRONES_KEY });
      toast({ title: drone ? 'Drone Updated' : 'Drone Registered', description: 'Your drone has been saved.' });
      onDone();
    },
    onError: (error) => {
      // A duplicate serial is the pilot's to fix in the form: show it on the field, not only in a toast.
      if (error instanceof ApiError && error.serverMessage === DRONE_MESSAGES.duplicateSerial) setErrors((e) => ({ ...e, serialNumber: DRONE_MESSAGES.duplicateSerial }));
      toast({
        title: DRONE_MESSAGES.registrationFailedTitle,
        description: error instanceof ApiError ? error.serverMessage : DRONE_MESSAGES.saveFailed,
        variant: 'destructive',
      });
    },
  });

  const set = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    if (field === 'manufacturer') {
      next.model = value === OTHER ? OTHER : '';
      next.customModel = '';
      if (value !== OTHER) next.customManufacturer = '';
    }
    if (field === 'model' && value !== OTHER) next.customModel = '';
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(toBody(values));
  };

  const models = values.manufacturer ? modelsOf(values.manufacturer) : [];
  const text = (field: Field, label: string, props: React.ComponentProps<'input'> = {}) => (
    <FieldRow id={`drone-${field}`} label={label} error={errors[field]}>
      <Input
        id={`drone-${field}`}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `drone-${field}-error` : undefined}
        {...props}
      />
    </FieldRow>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="drone-form">
      {text('name', 'Name (optional)', { placeholder: 'e.g. Survey bird', maxLength: 100 })}
      {text('uniqueIdentifier', 'Unique Identifier', { maxLength: 100 })}
      {text('serialNumber', 'Serial Number', { maxLength: 100 })}
      <FieldRow id="drone-manufacturer" label="Manufacturer" error={errors.manufacturer}>
        <NativeSelect id="drone-manufacturer" value={values.manufacturer} onChange={(e) => set('manufacturer', e.target.value)} aria-invalid={errors.manufacturer ? true : undefined}>
          <option value="">Select a manufacturer</option>
          {MANUFACTURER_NAMES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </NativeSelect>
      </FieldRow>
      {values.manufacturer === OTHER && text('customManufacturer', 'Manufacturer Name', { maxLength: 100 })}
      {values.manufacturer && values.manufacturer !== OTHER && (
        <FieldRow id="drone-model" label="Model" error={errors.model}>
          <NativeSelect id="drone-model" value={values.model} onChange={(e) => set('model', e.target.value)}>
            <option value="">Select a model</option>
            {models.map((m) => (
              <option key={m} value={m}>
                {m === OTHER ? otherModelLabel(values.manufacturer) : m}
              </option>
            ))}
          </NativeSelect>
        </FieldRow>
      )}
      {(values.manufacturer === OTHER || values.model === OTHER) && text('customModel', 'Model Name', { maxLength: 100 })}
      {text('faaRegistration', 'FAA Registration (optional)', { maxLength: 40 })}
      {text('flightHours', 'Flight Hours', { type: 'number', min: 0, step: FLIGHT_HOURS_STEP, inputMode: 'decimal' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('registrationDate', 'Registration Date (optional)', { type: 'date' })}
        {text('lastMaintenanceDate', 'Last Maintenance (optional)', { type: 'date' })}
      </div>
      <FieldRow id="drone-notes" label="Notes (optional)" error={errors.notes}>
        <Textarea id="drone-notes" value={values.notes} onChange={(e) => set('notes', e.target.value)} rows={3} />
      </FieldRow>
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="drone-save">
          {save.isPending ? 'Saving…' : drone ? 'Save Changes' : 'Add Drone'}
        </Button>
      </DialogFooter>
    </form>
  );
}
