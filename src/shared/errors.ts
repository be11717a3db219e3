import { z } from 'zod';

/** The one error shape every failing response has (DESIGN §3). */
export const apiErrorSchema = z.object({ message: z.string(), code: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
