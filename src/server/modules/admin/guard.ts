import { STAFF_DENIED, staffCan, type StaffAction, type StaffResource } from '../../../shared/admin-permissions.ts';
import { AppError } from '../../errors.ts';
import type { PreHandler } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';

/**
 * The one place the staff permission table (src/shared/admin-permissions.ts) is checked on the server:
 * every staff route puts `staffGuard(resource, action)` after the signed-in guard in its onRequest, so
 * a request without the role is refused before its body is read or any service runs.
 */
export function staffGuard<R extends StaffResource>(resource: R, action: StaffAction<R>): PreHandler {
  return async (request) => {
    const user = requireCurrentUser(request);
    if (!staffCan(user, resource, action)) throw new AppError(403, 'FORBIDDEN', STAFF_DENIED[resource]);
  };
}
