import { Building2, Lightbulb } from 'lucide-react';
import { VOICE_HELP } from '../voice.ts';

/** Doc 1 §2: shown while a business's own knowledge base is being prepared. */
export function BusinessWelcome() {
  return (
    <div role="note" data-testid="business-welcome" className="flex items-start gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm">
      <Building2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">Welcome to Drone Doctor for business</p>
        <p className="text-muted-foreground">
          Your custom knowledge base is being prepared. Meanwhile the assistant answers from its general drone knowledge, and we will send an
          email to your admin address when your knowledge base is ready.
        </p>
      </div>
    </div>
  );
}

/** Doc 1 §2: a first-visit tip (no messages, no business profile, showHelpTip not false). */
export function HelpTip() {
  return (
    <div role="note" data-testid="help-tip" className="flex items-start gap-3 rounded-xl border bg-secondary p-4 text-sm text-secondary-foreground">
      <Lightbulb className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">How to get the best answers</p>
        <p>
          Ask about flying rules, setup and calibration, troubleshooting, maintenance or safety. Name your drone, or register it under My
          Drones, for answers tailored to it. Every answer lists its sources and how confident the assistant is.
        </p>
        <p>{VOICE_HELP}</p>
      </div>
    </div>
  );
}
