import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { FEATURE_MESSAGES } from '../../../shared/features.ts';
import type { PreHandler } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import * as repo from './repo.ts';
import { tiersOf } from './service.ts';

/**
 * The server side of a feature flag: put after the signed-in guard on a route a developer feature
 * gates. The rollout table is read on every request (one indexed row), so a rollout or a withdrawal
 * takes effect at each user's next request, in every process.
 */
export function requireFeature(db: Db, featureName: string): PreHandler {
  return async (request) => {
    const user = requireCurrentUser(request);
    if (!(await repo.isEnabled(db, featureName, tiersOf(user)))) throw new AppError(403, 'FEATURE_NOT_ENABLED', FEATURE_MESSAGES.notEnabled);
  };
}
