import type { DbOrTx } from '../../db/client.ts';
import { bugReports, helpRequests, userFeedback } from '../../db/schema/index.ts';

type FeedbackRow = typeof userFeedback.$inferInsert;
type BugReportRow = typeof bugReports.$inferInsert;
type HelpRequestRow = typeof helpRequests.$inferInsert;

export async function insertFeedback(db: DbOrTx, row: FeedbackRow) {
  const [created] = await db.insert(userFeedback).values(row).returning({ id: userFeedback.id });
  return created!;
}

export async function insertBugReport(db: DbOrTx, row: BugReportRow) {
  const [created] = await db.insert(bugReports).values(row).returning({ id: bugReports.id });
  return created!;
}

export async function insertHelpRequest(db: DbOrTx, row: HelpRequestRow) {
  const [created] = await db.insert(helpRequests).values(row).returning({ id: helpRequests.id });
  return created!;
}
