import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import type { BugReportRequest, FeedbackRequest, HelpRequest } from '../../../shared/support.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { userIdMatches } from './policy.ts';
import * as repo from './repo.ts';

const blankToNull = (s: string | undefined) => (s && s.trim() ? s : null);

function assertOwnUserId(caller: CurrentUser, claimed: string | undefined) {
  if (!userIdMatches(caller.id, claimed)) throw badRequest('userId: must be the signed-in user', 'USER_MISMATCH');
}

/** Stored with the spec's defaults: status new (feedback, bugs) or open with priority normal (help). */
export function createSupportService(db: Db) {
  return {
    async submitFeedback(caller: CurrentUser, body: FeedbackRequest) {
      assertOwnUserId(caller, body.userId);
      return repo.insertFeedback(db, {
        userId: caller.id,
        userEmail: caller.email,
        userName: caller.name || null,
        feedbackType: body.feedbackType,
        message: body.message,
        additionalDetails: blankToNull(body.additionalDetails),
      });
    },

    async submitBugReport(caller: CurrentUser, body: BugReportRequest) {
      assertOwnUserId(caller, body.userId);
      return repo.insertBugReport(db, {
        userId: caller.id,
        userEmail: caller.email,
        userName: caller.name || null,
        bugType: body.bugType,
        description: body.description,
        additionalDetails: blankToNull(body.additionalDetails),
      });
    },

    async submitHelpRequest(caller: CurrentUser, body: HelpRequest) {
      return repo.insertHelpRequest(db, {
        userId: caller.id,
        userEmail: body.email,
        userName: body.name,
        subject: body.subject,
        category: body.category ?? body.subject,
        message: body.message,
      });
    },
  };
}
