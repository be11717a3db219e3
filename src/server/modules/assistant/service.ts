import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  ASSISTANT_MESSAGES,
  HISTORY_LIMIT,
  type QueryContext,
  type QueryRecord,
  type QueryRequest,
  type QueryResponse,
} from '../../../shared/assistant.ts';
import { periodStart, queryAllowanceMessage, utcDay } from '../../../shared/periods.ts';
import { planFor } from '../../../shared/plans.ts';
import type { GroundedAnswerer } from '../../providers/llm/grounded-answer.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { loadArticles } from '../knowledge/load-articles.ts';
import type { ParsedArticle } from '../knowledge/parse-article.ts';
import { indexSectionVectors } from '../knowledge/embeddings.ts';
import { syncShippedKnowledge, type SyncResult } from '../knowledge/sync.ts';
import { answerQuestion } from './answer-engine.ts';
import { harmfulByMeaning } from './harm-intent.ts';
import { FALLBACK_NOTE, sourcesBlock } from './compose-answer.ts';
import { canAskAs } from './policy.ts';
import { sumQueriesSince } from '../account/repo.ts';
import * as repo from './repo.ts';
import type { QuestionStart } from './repo.ts';
import { createRetrievalCache } from './retrieval-cache.ts';

export interface AssistantLog {
  warn(obj: object, msg: string): void;
}

// The spec's sentence, then what the plan allows and when it resets (issue 16: a limit offers the way forward).
const limitReached = (allowance?: string) =>
  new AppError(403, 'QUERY_LIMIT_REACHED', allowance ? `${ASSISTANT_MESSAGES.limitReached} ${allowance}` : ASSISTANT_MESSAGES.limitReached, { limitReached: true });

/** How many recent queries are read to find the start of the current conversation. */
const CONVERSATION_WINDOW = 6;

export function createAssistantService(
  db: Db,
  opts: { llm: GroundedAnswerer | null; log: AssistantLog; articles?: () => ParsedArticle[] },
) {
  const retrieval = createRetrievalCache();
  let synced: Promise<SyncResult> | null = null;
  let vectorsReady: Promise<number> = Promise.resolve(0);
  /** The shipped knowledge base is indexed once per process, at start or at the first question. */
  const syncKnowledge = (): Promise<SyncResult> => {
    synced ??= syncShippedKnowledge(db, (opts.articles ?? loadArticles)(), { embedMissing: false })
      .then((result) => {
        // The shipped sections' vectors come from knowledge/vectors/*.json (ADR 0065). A section that has
        // none there (the file is stale) is embedded in the background: until then it is found by
        // full-text search alone; a restart resumes where it stopped.
        // The harmful intents are embedded now rather than during the first question (~0.7 s).
        void harmfulByMeaning('warm up');
        vectorsReady = indexSectionVectors(db).then((r) => r.embedded).catch((error: unknown) => {
          opts.log.warn({ err: error }, 'assistant: embedding the knowledge base failed; answering from full-text search');
          return 0;
        });
        return result;
      })
      .catch((error: unknown) => {
        synced = null;
        throw error;
      });
    return synced;
  };

  /**
   * Counts a limited plan's query against its allowance, in a transaction holding the user's lock, so at
   * the limit exactly the remainder pass. A plan with no limit is counted when the answer is stored, in
   * the same statement (ADR 0018). Returns the day counted, or null when nothing was counted yet.
   */
  async function reserve(caller: CurrentUser, now: Date): Promise<string | null> {
    const plan = planFor(caller.tier);
    if (plan.queryLimit === null) return null;
    const limit = plan.queryLimit;
    const day = utcDay(now);
    await db.transaction(async (tx) => {
      await repo.lockAllowance(tx, caller.id);
      const used = await sumQueriesSince(tx, caller.id, utcDay(periodStart(plan.period, now)));
      if (used >= limit) throw limitReached(queryAllowanceMessage(limit, used, plan.period, now));
      await repo.addToDay(tx, caller.id, day, 1);
    });
    return day;
  }

  /** Where the current conversation began: after a reset, or at the last record flagged as a new one. */
  function conversationSoFar({ resetAt, recent }: QuestionStart): { isNew: boolean; previousQuestions: string[] } {
    const sinceReset = resetAt ? recent.filter((q) => q.timestamp > resetAt) : recent;
    if (sinceReset.length === 0) return { isNew: true, previousQuestions: [] };
    const previous: string[] = [];
    for (const q of sinceReset) {
      previous.push(q.question);
      if (q.isNewConversation) break;
    }
    return { isNew: false, previousQuestions: previous };
  }

  return {
    syncKnowledge,
    /** Resolves when the background embedding started by syncKnowledge is done (tests, bench). */
    vectorsIndexed: () => vectorsReady,

    async ask(caller: CurrentUser, input: QueryRequest, now = new Date()): Promise<QueryResponse> {
      if (!canAskAs(caller, input.userId)) throw new AppError(403, 'FORBIDDEN', ASSISTANT_MESSAGES.notYourUser);
      await syncKnowledge();
      const reserved = await reserve(caller, now);
      try {
        const question = await repo.startQuestion(db, caller.id, CONVERSATION_WINDOW);
        const conversation = conversationSoFar(question);
        const primary = question.primary;
        const engine = await answerQuestion(db, {
          retrieval: retrieval.at(question.knowledgeVersion),
          question: input.question,
          previousQuestions: conversation.previousQuestions,
          primary,
          // The business whose documents are searched too: the one the user runs or flies for.
          businessId: caller.administratorBusinessId ?? caller.businessProfileId,
          flightLogTotals: () => repo.flightLogTotals(db, caller.id),
        });
        let answer = engine.answer;
        let answeredBy = 'knowledge-base';
        if (opts.llm && engine.grounded) {
          try {
            const text = await opts.llm.answer({
              question: input.question,
              passages: engine.passages,
              previousQuestions: conversation.previousQuestions,
              drone: engine.tailoredTo,
            });
            answer = `${text}\n\n${sourcesBlock(engine.sources)}`;
            answeredBy = opts.llm.model;
          } catch (error) {
            opts.log.warn({ err: error }, 'the model failed; answering from the knowledge base');
            answer = `${engine.answer}\n\n${FALLBACK_NOTE}`;
          }
        }
        const context: QueryContext = {
          confidence: engine.confidence,
          needsMoreContext: engine.needsMoreContext,
          choices: engine.choices,
          isNewConversation: conversation.isNew,
          droneContext: primary,
          flightLogContext: engine.flightLogContext,
          sources: engine.sources,
          answeredBy,
        };
        await repo.finishQuestion(db, { userId: caller.id, question: input.question, answer, context, modelUsed: answeredBy }, reserved === null ? utcDay(now) : null);
        return { answer, context };
      } catch (error) {
        // A query that got no answer is given back to the allowance.
        if (reserved !== null) await repo.addToDay(db, caller.id, reserved, -1);
        throw error;
      }
    },

    async resetConversation(caller: CurrentUser, userId: string, now = new Date()): Promise<void> {
      if (!canAskAs(caller, userId)) throw new AppError(403, 'FORBIDDEN', ASSISTANT_MESSAGES.notYourUser);
      await repo.markReset(db, caller.id, now);
    },

    async history(caller: CurrentUser): Promise<QueryRecord[]> {
      const rows = await repo.listQueries(db, caller.id, HISTORY_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        question: r.question,
        answer: r.answer,
        timestamp: r.timestamp.toISOString(),
        context: (r.context as Partial<QueryContext> | null) ?? null,
      }));
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
