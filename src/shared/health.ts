import { z } from 'zod';

/** `GET /api/health`: the process answers (no database involved); a load balancer's liveness probe. */
export const healthSchema = z.object({ status: z.literal('ok') });
/** `GET /api/ready`: the process can serve (its database answers); a load balancer's readiness probe. */
export const readySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof healthSchema>;
export type Ready = z.infer<typeof readySchema>;
