import { useId, useState, type FormEvent } from 'react';
import type { FlightThresholds } from '../../../../shared/weather/colours.ts';
import type { MeasurementSystem } from '../../../../shared/weather/units.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveThresholds } from '../hooks/use-thresholds.ts';
import { FIELD_KEYS, FIELD_LABELS, formValues, parseForm, rangeText, unitOf, type FieldKey, type FormErrors, type FormValues } from '../model/threshold-form.ts';

/** The thresholds dialog's form (see ThresholdsDialog). */
export function ThresholdsForm({ thresholds, system, onDone }: { thresholds: FlightThresholds; system: MeasurementSystem; onDone: () => void }) {
  const [initial] = useState(() => formValues(thresholds, system));
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveThresholds();
  const formId = useId();

  const send = (overrides: Parameters<typeof save.mutate>[0], message: string) =>
    save.mutate(overrides, {
      onSuccess: () => {
        toast({ title: message });
        onDone();
      },
      onError: (error) =>
        toast({
          title: 'Thresholds not saved',
          description: error instanceof ApiError ? error.serverMessage : 'Please try again.',
          variant: 'destructive',
        }),
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseForm(values, initial, thresholds, system);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    send(parsed.overrides, 'Thresholds saved');
  };

  const field = (key: FieldKey) => {
    const id = `${formId}-${key}`;
    const error = errors[key];
    return (
      <div key={key} className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {FIELD_LABELS[key]} ({unitOf(key, system)})
        </label>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step="any"
          required
          value={values[key]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          data-testid={`threshold-${key}`}
        />
        {error && (
          <p id={`${id}-error`} className="text-xs text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{FIELD_KEYS.map(field)}</div>
      <p className="text-xs text-muted-foreground">
        Wind and gusts {rangeText('wind', system)}; visibility {rangeText('visibility', system)}; percentages 0 to 100; temperature {rangeText('temperatureMin', system)}.
      </p>
      <DialogFooter className="gap-2 sm:justify-between">
        <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => send({}, 'Thresholds reset to the defaults')}>
          Reset to defaults
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save thresholds'}
        </Button>
      </DialogFooter>
    </form>
  );
}
