import { z } from 'zod';
import { MAX_LEN } from './constants.ts';
import { PILOT_SEATS } from './plans.ts';

/** Business profile, pilots and invitations contract (doc 2 §3, §5, §7, §8, §9). */

export const BUSINESS_MESSAGES = {
  companyNameRequired: 'Company name is required',
  requiredFieldTitle: 'Required Field',
  websiteInvalid: 'Please enter a valid website address (https://…)',
  setupFailed: 'Failed to set up business profile',
  setupSuccessTitle: 'Success!',
  setupSuccess: 'Your business profile has been set up successfully',
  updateFailed: 'Failed to update company profile',
  emailRequiredTitle: 'Email required',
  emailRequired: "Please enter a pilot's email address",
  emailInvalidTitle: 'Invalid email',
  emailInvalid: 'Please enter a valid email address',
  inviteFailed: 'Failed to invite pilot',
  cancelFailed: 'Failed to cancel invitation',
  removeFailed: 'Failed to remove pilot',
  // Acceptance page (doc 2 §8). The server's messages carry the words the page keys on ('expired',
  // 'already processed').
  missingToken: 'Invalid invitation link. Please check your email for the correct link.',
  expired: 'This invitation has expired. Please request a new invitation from your business administrator.',
  alreadyUsed: 'This invitation has already been used.',
  acceptFailed: 'Failed to accept invitation. Please try again.',
  serverAlreadyProcessed: 'Invitation already processed: it was accepted or cancelled.',
  serverInvalidToken: 'This invitation link is not valid. Please check your email for the correct link.',
  seatsFull: `This business has reached its limit of ${PILOT_SEATS.maxPilots} pilots.`,
  notBusinessAdmin: 'Only a business administrator can manage pilots.',
  setupNotAllowed: 'Company setup is available to business plan administrators only.',
  alreadyPilotHere: 'This person is already a pilot of your business.',
  cannotInviteSelf: 'You cannot invite yourself as a pilot.',
  pilotElsewhere: 'You are already a pilot of another business. Ask its administrator to remove you first.',
  adminCannotBePilot: 'You administer a business of your own, so you cannot join another as a pilot.',
  mailFailed: 'The invitation e-mail could not be sent. Please try again.',
} as const;

/** Fixed here, since the spec leaves it open (doc 2 §9 "its length is not shown"). */
export const INVITATION_EXPIRY_DAYS = 7;
export const INVITATION_TOKEN_MAX = 128;
/** The pilot list and the pending list are bounded by the seat limit, so neither is paged (ADR 0020). */
export const PILOT_LIST_MAX = PILOT_SEATS.maxPilots;
export const PENDING_INVITATIONS_MAX = PILOT_SEATS.maxPilots;
/** Doc 2 §9: redirect after accepting; pilot lists fresh for 30 s. */
export const ACCEPT_REDIRECT_MS = 2000;
export const PILOT_LIST_STALE_MS = 30_000;
export const DEFAULT_MEMBER_ROLE = 'Team Member';

export const BUSINESS_LEN = {
  companyName: 120,
  industry: 80,
  description: 1000,
  website: 300,
  role: 60,
  teamMembers: 20,
} as const;

/** Trimmed; blank becomes null (the optional fields of doc 2 §5). */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => {
      const t = v?.trim() ?? '';
      return t === '' ? null : t;
    });

const website = z
  .string()
  .max(BUSINESS_LEN.website, `Must be at most ${BUSINESS_LEN.website} characters`)
  .nullish()
  .transform((v, ctx) => {
    const t = v?.trim() ?? '';
    if (t === '') return null;
    try {
      const url = new URL(t);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')) return url.toString();
    } catch {
      // falls through to the message
    }
    ctx.addIssue({ code: 'custom', message: BUSINESS_MESSAGES.websiteInvalid });
    return z.NEVER;
  });

const companyName = z
  .string({ error: BUSINESS_MESSAGES.companyNameRequired })
  .max(BUSINESS_LEN.companyName, `Company name must be at most ${BUSINESS_LEN.companyName} characters`)
  .trim()
  .min(1, BUSINESS_MESSAGES.companyNameRequired);

/** Doc 2 §5: required, trimmed, a simple e-mail pattern; stored lower-case. */
export const pilotEmailSchema = z
  .string({ error: BUSINESS_MESSAGES.emailRequired })
  .max(MAX_LEN.email, 'Email is too long')
  .trim()
  .min(1, BUSINESS_MESSAGES.emailRequired)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, BUSINESS_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

export const profileInputSchema = z.object({
  companyName,
  industry: optionalText(BUSINESS_LEN.industry),
  description: optionalText(BUSINESS_LEN.description),
  website,
});
export type ProfileInput = z.input<typeof profileInputSchema>;
/** What the server works with after validation (trimmed, blanks as null). */
export type ProfileData = z.output<typeof profileInputSchema>;

export const teamMemberSchema = z.object({
  email: z.string().max(MAX_LEN.email, 'Email is too long'),
  role: z.string().max(BUSINESS_LEN.role, `Role must be at most ${BUSINESS_LEN.role} characters`).optional(),
});

/** Doc 2 §5: team rows with a blank e-mail are dropped; the rest must be valid addresses. */
export const setupInputSchema = profileInputSchema.extend({
  teamMembers: z
    .array(teamMemberSchema)
    .max(BUSINESS_LEN.teamMembers, `At most ${BUSINESS_LEN.teamMembers} team members at a time`)
    .default([])
    .transform((rows, ctx) => {
      const kept: { email: string; role: string }[] = [];
      rows.forEach((row, i) => {
        if (row.email.trim() === '') return;
        const email = pilotEmailSchema.safeParse(row.email);
        if (!email.success) {
          ctx.addIssue({ code: 'custom', path: [i, 'email'], message: BUSINESS_MESSAGES.emailInvalid });
          return;
        }
        if (!kept.some((k) => k.email === email.data)) kept.push({ email: email.data, role: row.role?.trim() || DEFAULT_MEMBER_ROLE });
      });
      return kept;
    }),
});
export type SetupInput = z.input<typeof setupInputSchema>;
export type SetupData = z.output<typeof setupInputSchema>;

/** GET /api/business-profile/current (doc 2 §3, §7) plus the fields the profile form reads. */
export const businessProfileSchema = z.object({
  id: z.string().max(64).nullable(),
  companyName: z.string().max(BUSINESS_LEN.companyName).nullable(),
  adminEmail: z.string().max(MAX_LEN.email).nullable(),
  hasBusinessProfile: z.boolean(),
  isKnowledgeBaseSetup: z.boolean(),
  knowledgeBaseSetup: z.boolean(),
  industry: z.string().max(BUSINESS_LEN.industry).nullable(),
  description: z.string().max(BUSINESS_LEN.description).nullable(),
  website: z.string().max(BUSINESS_LEN.website).nullable(),
  pilotCount: z.number().int(),
  /** Whether the caller administers this profile (false for its pilots). */
  isAdministrator: z.boolean(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

export const invitationSentSchema = z.object({
  id: z.string().max(64),
  email: z.string().max(MAX_LEN.email),
  createdAt: z.string().max(40),
  expiresAt: z.string().max(40),
  /** True when an earlier pending invitation to the address was replaced (its link stops working). */
  replaced: z.boolean(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

export const setupResponseSchema = z.object({
  profile: businessProfileSchema,
  invited: z.array(invitationSentSchema),
  /** Team members who could not be invited, with the reason. */
  notInvited: z.array(z.object({ email: z.string().max(MAX_LEN.email), message: z.string().max(300) })),
});
export type SetupResponse = z.infer<typeof setupResponseSchema>;

export const pilotSchema = z.object({
  id: z.string().max(64),
  displayName: z.string().max(200).nullable(),
  email: z.string().max(MAX_LEN.email),
  createdAt: z.string().max(40),
  assignedDroneCount: z.number().int(),
});
export type Pilot = z.infer<typeof pilotSchema>;
export const pilotListSchema = z.array(pilotSchema).max(PILOT_LIST_MAX);

export const pendingInvitationSchema = z.object({
  id: z.string().max(64),
  email: z.string().max(MAX_LEN.email),
  createdAt: z.string().max(40),
  expiresAt: z.string().max(40),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationListSchema = z.array(pendingInvitationSchema).max(PENDING_INVITATIONS_MAX);

export const inviteInputSchema = z.object({ email: pilotEmailSchema });
export type InviteInput = z.input<typeof inviteInputSchema>;

export const idParamsSchema = z.object({ id: z.string().max(64) });

export const tokenInputSchema = z.object({
  token: z.string({ error: BUSINESS_MESSAGES.missingToken }).trim().min(1, BUSINESS_MESSAGES.missingToken).max(INVITATION_TOKEN_MAX),
});

/** What the acceptance page shows before accepting: whose invitation, to which address, until when. */
export const invitationPreviewSchema = z.object({
  companyName: z.string().max(BUSINESS_LEN.companyName).nullable(),
  email: z.string().max(MAX_LEN.email),
  expiresAt: z.string().max(40),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().max(300),
  businessProfileId: z.string().max(64),
  companyName: z.string().max(BUSINESS_LEN.companyName).nullable(),
});
export type AcceptResponse = z.infer<typeof acceptResponseSchema>;

export const okResponseSchema = z.object({ success: z.literal(true), message: z.string().max(300) });

/** Doc 2 §2: the setup modal opens when the profile has no company name or a placeholder one. */
export const needsCompanySetup = (companyName: string | null | undefined) => !companyName || companyName.includes('Business Profile');

/** Doc 2 §4: how the acceptance page reads an error message. */
export function acceptErrorKind(message: string): 'expired' | 'used' | 'error' {
  if (message.includes('expired')) return 'expired';
  if (message.includes('already processed')) return 'used';
  return 'error';
}
