import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { BUG_TYPES, bugReportFormSchema } from '../../../../shared/support.ts';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../auth/index.ts';
import { BUG_REPORT_MUTATION_KEY, submitBugReport } from '../api.ts';
import { toBugReportRequest } from '../payloads.ts';
import { FormActions, OptionSelect } from './form-controls.tsx';
import { describedBy, fieldIds, FormField } from './form-field.tsx';

const failed = () =>
  toast({ title: 'Error', description: 'Failed to submit bug report. Please try again later.', variant: 'destructive' });

export interface BugReportFormProps {
  onSubmitted?: () => void;
  onCancel?: () => void;
}

/** The bug report form (doc 1 §3, §5, §7, §8). */
export function BugReportForm({ onSubmitted, onCancel }: BugReportFormProps) {
  const prefix = useId();
  const { user } = useAuth();
  const form = useForm({
    resolver: zodResolver(bugReportFormSchema),
    defaultValues: { description: '', additionalDetails: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationKey: BUG_REPORT_MUTATION_KEY,
    mutationFn: submitBugReport,
    onSuccess: () => {
      toast({ title: 'Bug report submitted', description: 'Thank you for helping us improve the application!' });
      form.reset();
      onSubmitted?.();
    },
    onError: failed,
  });

  const onSubmit = form.handleSubmit((values) => {
    if (!user) return failed();
    mutation.mutate(toBugReportRequest(values, user));
  });

  const type = fieldIds(prefix, 'bug-type');
  const description = fieldIds(prefix, 'bug-description');
  const details = fieldIds(prefix, 'bug-details');

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" data-testid="bug-report-form" aria-busy={mutation.isPending}>
      <FormField ids={type} label="Type of issue" error={errors.bugType?.message} errorTestId="bug-type-error">
        <Controller
          control={form.control}
          name="bugType"
          render={({ field, fieldState }) => (
            <OptionSelect
              ids={type}
              options={BUG_TYPES}
              placeholder="Select the type of issue"
              {...field}
              invalid={fieldState.invalid}
              disabled={mutation.isPending}
              testId="bug-type"
            />
          )}
        />
      </FormField>

      <FormField ids={description} label="Description" error={errors.description?.message} errorTestId="bug-description-error">
        <Textarea
          id={description.input}
          rows={5}
          placeholder="What happened, and what did you expect? (at least 10 characters)"
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy(description, Boolean(errors.description))}
          disabled={mutation.isPending}
          data-testid="bug-description"
          {...form.register('description')}
        />
      </FormField>

      <FormField
        ids={details}
        label="Additional details"
        optional
        hint="Steps to reproduce, device, browser."
        error={errors.additionalDetails?.message}
      >
        <Textarea
          id={details.input}
          rows={3}
          aria-invalid={Boolean(errors.additionalDetails)}
          aria-describedby={describedBy(details, Boolean(errors.additionalDetails), true)}
          disabled={mutation.isPending}
          data-testid="bug-details"
          {...form.register('additionalDetails')}
        />
      </FormField>

      <FormActions
        pending={mutation.isPending}
        onCancel={onCancel}
        label="Submit report"
        pendingLabel="Submitting…"
        spinnerLabel="Submitting bug report"
        testId="bug-report-submit"
      />
    </form>
  );
}
