import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ClarificationResponse } from '../../../../shared/flight-logs/contract.ts';
import { FLIGHT_LOG_MESSAGES, IMPORT_OVERLAY_CLOSE_MS, IMPORT_PROGRESS_CREEP, importSummary } from '../../../../shared/flight-logs/constants.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { DRONES_KEY } from '../../drones/public-data.ts';
import { answerClarification, cancelImportSession, LOGBOOK_KEYS, startImport, type ImportOutcome } from '../api.ts';

export type ImportStage = 'idle' | 'reading' | 'preparing' | 'analysing' | 'clarifying' | 'processing' | 'complete';

/** The progress steps of doc 2 §4/§9: 0, 20, 40, 60 (clarification), 80, 100. */
const STEP: Record<ImportStage, { value: number; label: string }> = {
  idle: { value: 0, label: '' },
  reading: { value: 0, label: 'Reading file…' },
  preparing: { value: 20, label: 'Preparing data…' },
  analysing: { value: 40, label: 'AI analysing your flight log…' },
  clarifying: { value: 60, label: 'Waiting for your answer…' },
  processing: { value: 80, label: 'Processing flights…' },
  complete: { value: 100, label: 'Import complete' },
};

/** The CSV import: reading → preparing → AI analysing → (clarification) → processing → complete. */
export function useCsvImport() {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<ImportStage>('idle');
  const [progress, setProgress] = useState(0);
  const [question, setQuestion] = useState<ClarificationResponse | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const goTo = (next: ImportStage) => {
    setStage(next);
    setProgress(STEP[next].value);
  };

  // Creeps 1 to 2 points every 3 seconds, capped at 95, while the server works (not while asking).
  useEffect(() => {
    if (stage === 'idle' || stage === 'complete' || stage === 'clarifying') return;
    const timer = setInterval(() => {
      const step = IMPORT_PROGRESS_CREEP.minPoints + Math.round(Math.random() * (IMPORT_PROGRESS_CREEP.maxPoints - IMPORT_PROGRESS_CREEP.minPoints));
      setProgress((p) => Math.min(IMPORT_PROGRESS_CREEP.cap, Math.max(p, p + step)));
    }, IMPORT_PROGRESS_CREEP.everyMs);
    return () => clearInterval(timer);
  }, [stage]);
  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);

  const fail = (error: unknown, fallback: string) => {
    goTo('idle');
    setQuestion(null);
    if (error instanceof ApiError && error.status === 401) {
      toast({ title: FLIGHT_LOG_MESSAGES.importAuthTitle, description: FLIGHT_LOG_MESSAGES.importAuth, variant: 'destructive' });
      return;
    }
    toast({ title: FLIGHT_LOG_MESSAGES.importFailedTitle, description: error instanceof ApiError ? error.serverMessage : fallback, variant: 'destructive' });
  };

  const handle = async (outcome: ImportOutcome) => {
    if (outcome.kind === 'question') {
      setQuestion(outcome.clarification);
      goTo('clarifying');
      return;
    }
    setQuestion(null);
    goTo('complete');
    await Promise.all([queryClient.invalidateQueries({ queryKey: LOGBOOK_KEYS.all }), queryClient.invalidateQueries({ queryKey: DRONES_KEY })]);
    toast({ title: FLIGHT_LOG_MESSAGES.importDoneTitle, description: importSummary(outcome.result) });
    closeTimer.current = setTimeout(() => goTo('idle'), IMPORT_OVERLAY_CLOSE_MS);
  };

  const start = async (file: File) => {
    goTo('reading');
    try {
      const text = await file.text();
      goTo('preparing');
      await Promise.resolve();
      goTo('analysing');
      const outcome = await startImport(text);
      if (outcome.kind === 'done') goTo('processing');
      await handle(outcome);
    } catch (error) {
      fail(error, FLIGHT_LOG_MESSAGES.importFailed);
    }
  };

  const answer = async (clarification: string) => {
    if (!question) return;
    const sessionId = question.sessionId;
    goTo('processing');
    try {
      await handle(await answerClarification(sessionId, clarification));
    } catch (error) {
      fail(error, FLIGHT_LOG_MESSAGES.clarifyFailed);
    }
  };

  const cancel = () => {
    if (question) void cancelImportSession(question.sessionId).catch(() => undefined);
    setQuestion(null);
    goTo('idle');
  };

  return { stage, progress, stepLabel: STEP[stage].label, question, start, answer, cancel, running: stage !== 'idle' };
}
