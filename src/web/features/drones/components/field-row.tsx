import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/label.tsx';

/** A labelled form field with its error line (the drone form's, shared with the logbook's forms). */
export function FieldRow({ id, label, error, children }: { id: string; label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
