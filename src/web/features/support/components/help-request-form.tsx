import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { User } from '../../../../shared/account.ts';
import { HELP_SUBJECTS, helpRequestSchema, type HelpCategory, type HelpRequest } from '../../../../shared/support.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { HELP_REQUEST_MUTATION_KEY, submitHelpRequest } from '../api.ts';
import { prefillName } from '../payloads.ts';
import { OptionSelect, SubmitButton } from './form-controls.tsx';
import { describedBy, fieldIds, FormField } from './form-field.tsx';

export interface HelpRequestFormProps {
  /** The signed-in user: name and e-mail start from their account. */
  user: Pick<User, 'email' | 'displayName' | 'firstName' | 'lastName'>;
  /** A request filed under its own category (Enterprise's 'Contact sales' files under 'sales'). */
  category?: HelpCategory;
  defaultSubject?: HelpRequest['subject'];
  defaultMessage?: string;
  /** Called once the request is stored (a dialog closes itself). */
  onSent?: () => void;
}

/** The profile Help tab's form (doc 1 §2, §3, §5, §8): name, e-mail, subject and message, all required. */
export function HelpRequestForm({ user, category, defaultSubject, defaultMessage = '', onSent }: HelpRequestFormProps) {
  const prefix = useId();
  const form = useForm({
    resolver: zodResolver(helpRequestSchema),
    defaultValues: { name: prefillName(user), email: user.email, message: defaultMessage, ...(defaultSubject ? { subject: defaultSubject } : {}) },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationKey: HELP_REQUEST_MUTATION_KEY,
    mutationFn: submitHelpRequest,
    onSuccess: (_data, sent) => {
      toast({ title: 'Help request sent', description: 'Thank you. We will respond within 24 hours.' });
      // Keep who is asking; clear what was asked.
      form.reset({ name: sent.name, email: sent.email, message: '' });
      onSent?.();
    },
    onError: () => {
      toast({ title: 'Error sending request', description: 'Please try again or email us directly', variant: 'destructive' });
    },
  });
  const onSubmit = form.handleSubmit((values) => mutation.mutate(category ? { ...values, category } : values));

  const name = fieldIds(prefix, 'help-name');
  const email = fieldIds(prefix, 'help-email');
  const subject = fieldIds(prefix, 'help-subject');
  const message = fieldIds(prefix, 'help-message');
  const busy = mutation.isPending;

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" data-testid="help-request-form" aria-busy={busy}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField ids={name} label="Name" error={errors.name?.message} errorTestId="help-name-error">
          <Input
            id={name.input}
            autoComplete="name"
            aria-invalid={Boolean(errors.name)}
            aria-describedby={describedBy(name, Boolean(errors.name))}
            disabled={busy}
            data-testid="help-name"
            {...form.register('name')}
          />
        </FormField>
        <FormField ids={email} label="Email" error={errors.email?.message} errorTestId="help-email-error">
          <Input
            id={email.input}
            type="email"
            autoComplete="email"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={describedBy(email, Boolean(errors.email))}
            disabled={busy}
            data-testid="help-email"
            {...form.register('email')}
          />
        </FormField>
      </div>

      <FormField ids={subject} label="Subject" error={errors.subject?.message} errorTestId="help-subject-error">
        <Controller
          control={form.control}
          name="subject"
          render={({ field, fieldState }) => (
            <OptionSelect
              ids={subject}
              options={HELP_SUBJECTS}
              placeholder="Select a subject"
              {...field}
              invalid={fieldState.invalid}
              disabled={busy}
              testId="help-subject"
            />
          )}
        />
      </FormField>

      <FormField ids={message} label="Message" error={errors.message?.message} errorTestId="help-message-error">
        <Textarea
          id={message.input}
          rows={6}
          placeholder="How can we help?"
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy(message, Boolean(errors.message))}
          disabled={busy}
          data-testid="help-message"
          {...form.register('message')}
        />
      </FormField>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">We respond within 24 hours.</p>
        <SubmitButton pending={busy} label="Send request" pendingLabel="Sending…" spinnerLabel="Sending help request" testId="help-submit" />
      </div>
    </form>
  );
}
