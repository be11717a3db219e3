import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/utils.ts';

export interface FieldIds {
  input: string;
  error: string;
  hint: string;
}

/** Ids for a control, its error and its hint, so the control can point at both (aria-describedby). */
export const fieldIds = (prefix: string, name: string): FieldIds => ({
  input: `${prefix}-${name}`,
  error: `${prefix}-${name}-error`,
  hint: `${prefix}-${name}-hint`,
});

export const describedBy = (ids: FieldIds, hasError: boolean, hasHint = false) =>
  [hasHint ? ids.hint : null, hasError ? ids.error : null].filter(Boolean).join(' ') || undefined;

export interface FormFieldProps {
  ids: FieldIds;
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  /** data-testid of the error line, for the e2e tests. */
  errorTestId?: string;
  className?: string;
  children: ReactNode;
}

/** One labelled control with its hint and its validation message. */
export function FormField({ ids, label, optional = false, hint, error, errorTestId, className, children }: FormFieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={ids.input}>
        {label}
        {optional && <span className="ml-1 font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {children}
      {hint && (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} data-testid={errorTestId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
