import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FEEDBACK_CATEGORIES, feedbackFormSchema } from '../../../../shared/support.ts';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../auth/index.ts';
import { FEEDBACK_MUTATION_KEY, submitFeedback } from '../api.ts';
import { toFeedbackRequest } from '../payloads.ts';
import { FormActions, OptionSelect } from './form-controls.tsx';
import { describedBy, fieldIds, FormField } from './form-field.tsx';

export interface FeedbackFormProps {
  /** Called after a successful submission (the form has already reset itself). */
  onSubmitted?: () => void;
  onCancel?: () => void;
}

/** The feedback form (doc 1 §3, §5, §7, §8), used by the navbar dialog and the profile Feedback tab. */
export function FeedbackForm({ onSubmitted, onCancel }: FeedbackFormProps) {
  const prefix = useId();
  const { user } = useAuth();
  const form = useForm({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: { feedbackText: '', additionalComments: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationKey: FEEDBACK_MUTATION_KEY,
    mutationFn: submitFeedback,
    onSuccess: () => {
      toast({ title: 'Feedback submitted', description: 'Thank you for your feedback! We appreciate your input.' });
      form.reset();
      onSubmitted?.();
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to submit feedback. Please try again later.', variant: 'destructive' });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (!user) {
      toast({ title: 'Error', description: 'Failed to submit feedback. Please try again later.', variant: 'destructive' });
      return;
    }
    mutation.mutate(toFeedbackRequest(values, user));
  });

  const type = fieldIds(prefix, 'feedback-type');
  const text = fieldIds(prefix, 'feedback-text');
  const comments = fieldIds(prefix, 'feedback-comments');

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" data-testid="feedback-form" aria-busy={mutation.isPending}>
      <FormField ids={type} label="Feedback category" error={errors.feedbackType?.message} errorTestId="feedback-type-error">
        <Controller
          control={form.control}
          name="feedbackType"
          render={({ field, fieldState }) => (
            <OptionSelect
              ids={type}
              options={FEEDBACK_CATEGORIES}
              placeholder="Select a category"
              {...field}
              invalid={fieldState.invalid}
              disabled={mutation.isPending}
              testId="feedback-type"
            />
          )}
        />
      </FormField>

      <FormField ids={text} label="Your feedback" error={errors.feedbackText?.message} errorTestId="feedback-text-error">
        <Textarea
          id={text.input}
          rows={5}
          placeholder="Tell us what you think (at least 10 characters)"
          aria-invalid={Boolean(errors.feedbackText)}
          aria-describedby={describedBy(text, Boolean(errors.feedbackText))}
          disabled={mutation.isPending}
          data-testid="feedback-text"
          {...form.register('feedbackText')}
        />
      </FormField>

      <FormField ids={comments} label="Additional comments" optional error={errors.additionalComments?.message}>
        <Textarea
          id={comments.input}
          rows={3}
          placeholder="Anything else we should know"
          aria-invalid={Boolean(errors.additionalComments)}
          aria-describedby={describedBy(comments, Boolean(errors.additionalComments))}
          disabled={mutation.isPending}
          data-testid="feedback-comments"
          {...form.register('additionalComments')}
        />
      </FormField>

      <FormActions
        pending={mutation.isPending}
        onCancel={onCancel}
        label="Submit feedback"
        pendingLabel="Submitting…"
        spinnerLabel="Submitting feedback"
        testId="feedback-submit"
      />
    </form>
  );
}
