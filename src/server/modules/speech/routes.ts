import type { App, AppDeps } from '../../http/types.ts';

/** POST /api/text-to-speech (spec doc 1 §7): filled in by the speech work of issue 3. */
export function speechRoutes(_app: App, _deps: AppDeps): void {}
