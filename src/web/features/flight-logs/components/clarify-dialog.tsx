import { useState } from 'react';
import type { ClarificationResponse } from '../../../../shared/flight-logs/contract.ts';
import { FLIGHT_LOG_MESSAGES } from '../../../../shared/flight-logs/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

/** AI Needs Clarification (doc 2 §4): Continue Import sends the answer, Cancel Import discards the session. */
export function ClarifyDialog({ question, onAnswer, onCancel }: { question: ClarificationResponse | null; onAnswer: (answer: string) => void; onCancel: () => void }) {
  const [answer, setAnswer] = useState('');
  const send = (text: string) => {
    if (!text.trim()) return;
    setAnswer('');
    onAnswer(text.trim());
  };
  return (
    <Dialog open={question !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="z-[60] sm:max-w-lg" data-testid="clarify-dialog">
        <DialogHeader>
          <DialogTitle>{FLIGHT_LOG_MESSAGES.clarifyTitle}</DialogTitle>
          <DialogDescription className="whitespace-pre-line">{question?.question}</DialogDescription>
        </DialogHeader>
        {question && question.options.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {question.options.map((o) => (
              <Button key={o} variant="outline" size="sm" onClick={() => send(o)}>
                {o}
              </Button>
            ))}
          </div>
        )}
        <Textarea aria-label="Your answer" rows={3} maxLength={500} value={answer} onChange={(e) => setAnswer(e.target.value)} placeholder="Type your answer" />
        <DialogFooter className="gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel Import
          </Button>
          <Button onClick={() => send(answer)} disabled={!answer.trim()} data-testid="clarify-continue">
            Continue Import
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
