import { z } from 'zod';
import { MAX_LEN, MIN_BUG_DESCRIPTION_LENGTH, MIN_FEEDBACK_LENGTH } from './constants.ts';

export const FEEDBACK_CATEGORIES = [
  { value: 'feature_request', label: 'Feature Request' },
  { value: 'improvement', label: 'Suggestion for Improvement' },
  { value: 'positive', label: 'Positive Feedback' },
  { value: 'usability', label: 'Usability Feedback' },
  { value: 'other', label: 'Other' },
] as const;
export const BUG_TYPES = [
  { value: 'ui_issue', label: 'UI Issue' },
  { value: 'ai_response', label: 'AI Response' },
  { value: 'performance', label: 'Performance' },
  { value: 'functionality', label: 'Functionality' },
  { value: 'other', label: 'Other' },
] as const;
export const HELP_SUBJECTS = [
  { value: 'weather', label: 'Weather' },
  { value: 'ai', label: 'AI Assistant' },
  { value: 'account', label: 'Account' },
  { value: 'technical', label: 'Technical Issue' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'other', label: 'Other' },
] as const;

/**
 * The category a help request is filed under (help_requests.category, doc 1 §3). The form's subject is
 * the category unless the request comes from a place that names its own: 'sales' is Enterprise's
 * 'Contact sales' on the pricing page (doc 3 §9).
 */
export const HELP_CATEGORIES = ['sales'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

type Values<T extends readonly { value: string }[]> = T[number]['value'];
const valuesOf = <T extends readonly { value: string }[]>(list: T) =>
  list.map((o) => o.value) as [Values<T>, ...Values<T>[]];

const required = (message: string) => ({ error: () => message });

/** Feedback form (doc 1 §3, §5): what the dialog validates. */
export const feedbackFormSchema = z.object({
  feedbackType: z.enum(valuesOf(FEEDBACK_CATEGORIES), required('Please select a feedback category')),
  feedbackText: z
    .string()
    .trim()
    .min(MIN_FEEDBACK_LENGTH, 'Feedback must be at least 10 characters.')
    .max(MAX_LEN.message, `Feedback must be at most ${MAX_LEN.message} characters.`),
  additionalComments: z.string().max(MAX_LEN.details, `Comments must be at most ${MAX_LEN.details} characters.`).optional(),
});
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;

/** The e-mail line prefix can add up to an address and a line; the server bounds the whole. */
const detailsMax = MAX_LEN.details + MAX_LEN.email + 20;

/** POST /api/feedback body (doc 1 §7). */
export const feedbackRequestSchema = z.object({
  feedbackType: z.enum(valuesOf(FEEDBACK_CATEGORIES), required('Please select a feedback category')),
  message: z
    .string(required('Feedback must be at least 10 characters.'))
    .trim()
    .min(MIN_FEEDBACK_LENGTH, 'Feedback must be at least 10 characters.')
    .max(MAX_LEN.message, `Feedback must be at most ${MAX_LEN.message} characters.`),
  additionalDetails: z.string().max(detailsMax).optional(),
  userId: z.string().max(64).optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const bugReportFormSchema = z.object({
  bugType: z.enum(valuesOf(BUG_TYPES), required('Please select the type of issue')),
  description: z
    .string()
    .trim()
    .min(MIN_BUG_DESCRIPTION_LENGTH, 'Description must be at least 10 characters.')
    .max(MAX_LEN.message, `Description must be at most ${MAX_LEN.message} characters.`),
  additionalDetails: z.string().max(MAX_LEN.details, `Details must be at most ${MAX_LEN.details} characters.`).optional(),
});
export type BugReportForm = z.infer<typeof bugReportFormSchema>;

export const bugReportRequestSchema = z.object({
  bugType: z.enum(valuesOf(BUG_TYPES), required('Please select the type of issue')),
  description: z
    .string(required('Description must be at least 10 characters.'))
    .trim()
    .min(MIN_BUG_DESCRIPTION_LENGTH, 'Description must be at least 10 characters.')
    .max(MAX_LEN.message, `Description must be at most ${MAX_LEN.message} characters.`),
  additionalDetails: z.string().max(detailsMax).optional(),
  userId: z.string().max(64).optional(),
});
export type BugReportRequest = z.infer<typeof bugReportRequestSchema>;

/** Help request (doc 1 §5): all four fields required. */
export const helpRequestSchema = z.object({
  name: z.string(required('Name is required')).trim().min(1, 'Name is required').max(MAX_LEN.name, 'Name is too long'),
  email: z
    .string(required('Email is required'))
    .trim()
    .min(1, 'Email is required')
    .max(MAX_LEN.email, 'Email is too long')
    .pipe(z.email('Please enter a valid email address')),
  subject: z.enum(valuesOf(HELP_SUBJECTS), required('Subject is required')),
  message: z
    .string(required('Message is required'))
    .trim()
    .min(1, 'Message is required')
    .max(MAX_LEN.message, `Message must be at most ${MAX_LEN.message} characters.`),
  category: z.enum(HELP_CATEGORIES, { error: () => `Category must be one of: ${HELP_CATEGORIES.join(', ')}` }).optional(),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;

/** The line the client puts before additionalDetails (doc 1 §7). */
export const emailLine = (email: string) => `User email: ${email}`;
export const withEmailLine = (email: string, details: string | undefined) =>
  details && details.trim() ? `${emailLine(email)}\n${details}` : emailLine(email);

export const createdSchema = z.object({ id: z.string(), message: z.string() });
