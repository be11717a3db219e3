import type { Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { describedBy, type FieldIds } from './form-field.tsx';

export interface OptionSelectProps {
  ids: FieldIds;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  /** From react-hook-form's Controller `field`, spread in. */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  ref: Ref<HTMLButtonElement>;
  invalid: boolean;
  disabled: boolean;
  testId: string;
}

/** A labelled choice among the shared contract's options (categories, bug types, subjects). */
export function OptionSelect({ ids, options, placeholder, value, onChange, onBlur, name, ref, invalid, disabled, testId }: OptionSelectProps) {
  return (
    <Select value={value ?? ''} onValueChange={onChange} name={name} disabled={disabled}>
      <SelectTrigger
        id={ids.input}
        ref={ref}
        onBlur={onBlur}
        aria-invalid={invalid}
        aria-describedby={describedBy(ids, invalid)}
        data-testid={testId}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export interface SubmitButtonProps {
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** What the spinner announces to screen readers. */
  spinnerLabel: string;
  testId: string;
}

export function SubmitButton({ pending, label, pendingLabel, spinnerLabel, testId }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending} data-testid={testId}>
      {pending && <Spinner size="sm" label={spinnerLabel} className="text-current" />}
      {pending ? pendingLabel : label}
    </Button>
  );
}

/** Cancel (when the form sits in a dialog) and submit, stacked on phones. */
export function FormActions({ pending, onCancel, ...submit }: SubmitButtonProps & { onCancel?: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      )}
      <SubmitButton pending={pending} {...submit} />
    </div>
  );
}
