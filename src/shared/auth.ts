import { z } from 'zod';
import { MAX_LEN } from './constants.ts';
import { TIERS } from './tiers.ts';

export const devLoginSchema = z.object({
  email: z.string().trim().max(MAX_LEN.email, 'Email is too long').pipe(z.email('Please enter a valid email address')),
  tier: z.enum(TIERS).optional(),
});
export type DevLogin = z.infer<typeof devLoginSchema>;

export const PROVIDER_IDS = ['oidc', 'google', 'github', 'apple', 'twitter', 'email'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The providers the spec names, in its order; X signs in through better-auth's "twitter" provider. */
export const PROVIDER_LABELS: Record<ProviderId, string> = {
  oidc: 'Single sign-on',
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  twitter: 'X',
  email: 'Email',
};

export const providersResponseSchema = z.object({
  providers: z.array(z.object({ id: z.enum(PROVIDER_IDS), name: z.string() })),
  devLogin: z.boolean(),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

export const magicLinkRequestSchema = z.object({
  email: z.string().trim().max(MAX_LEN.email, 'Email is too long').pipe(z.email('Please enter a valid email address')),
});

export const loginQuerySchema = z.object({ provider: z.enum(PROVIDER_IDS).optional() });

/**
 * better-auth's update-user takes any JSON and let a null or non-string name reach the database (500).
 * Our bridge checks the fields it accepts before better-auth sees them.
 */
export const updateUserBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(MAX_LEN.name, `Name can be at most ${MAX_LEN.name} characters`).optional(),
    image: z.url('Image must be a URL').max(2048, 'Image URL is too long').nullable().optional(),
  })
  .strict();
