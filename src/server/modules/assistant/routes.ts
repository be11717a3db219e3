import type { App, AppDeps } from '../../http/types.ts';

/** POST /api/query, POST /api/reset-conversation, GET /api/queries (spec doc 1 §7). */
export async function assistantRoutes(_app: App, _deps: AppDeps): Promise<void> {}
