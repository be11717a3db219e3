import { useCallback, useEffect, useRef, useState } from 'react';
import { BugReportButton } from '../../support/public-buttons.ts';
import { BusinessSetupModal, PendingInvitationRedirect } from '../../business/public-home.ts';
import { useAuth } from '../../auth/index.ts';
import { QueryLimitStatus, usePreferences, usePolledTierInfo } from '../../account/index.ts';
import { ChatInputBar } from '../components/chat-input-bar.tsx';
import { CommonQuestions } from '../components/common-questions.tsx';
import { BusinessWelcome, HelpTip } from '../components/home-notices.tsx';
import { MessageList, messageKey } from '../components/message-list.tsx';
import { ScrollToTopButton } from '../components/scroll-to-top-button.tsx';
import { useBusinessHome } from '../hooks/use-business-home.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { useSpeechPlayback } from '../hooks/use-speech-playback.ts';
import { useSpeechRecognition } from '../hooks/use-speech-recognition.ts';
import { showHelpTip } from '../home-rules.ts';
import { transcriptAction } from '../voice.ts';

/** Home polls the signed-in user's usage every 5 s (doc 1 §7): one query feeds the limit display and the business banner. */
const HOME_TIER_POLL_MS = 5000;

const scrollToBottom = (behavior: ScrollBehavior) => window.scrollTo({ top: document.documentElement.scrollHeight, behavior });

/** / (doc 1 §2, Home): the chat assistant, typed or spoken. */
export function HomePage() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { preferences } = usePreferences();
  const tier = usePolledTierInfo(userId, HOME_TIER_POLL_MS);
  const business = useBusinessHome(tier.data ?? null);
  const conversation = useConversation(userId);
  const playback = useSpeechPlayback();
  const [draft, setDraft] = useState('');

  const { messages, isPending, send, newConversation } = conversation;

  const startOver = useCallback(() => {
    playback.stop();
    newConversation();
  }, [newConversation, playback]);

  // A voice question is answered aloud, when the browser can play it.
  const voiceRef = useRef<ReturnType<typeof useSpeechRecognition> | null>(null);
  const onTranscript = useCallback(
    (transcript: string) => {
      const voice = voiceRef.current;
      if (!voice) return;
      switch (transcriptAction(transcript)) {
        case 'start':
          voice.start();
          return;
        case 'stop':
          voice.stop();
          return;
        case 'end-conversation':
          voice.stop();
          startOver();
          return;
        case 'ignore':
          return;
        case 'ask':
          if (voice.cooldownMs > 0 || isPending) {
            // Too soon for another voice question: keep the words for the pilot to send.
            setDraft(transcript);
            return;
          }
          if (
            send(transcript, {
              onAnswered: (answer, index) => {
                if (playback.supported) playback.speak(messageKey(answer, index), answer.text);
              },
              onSettled: () => voiceRef.current?.answered(),
            })
          )
            voice.questionSent();
      }
    },
    [isPending, playback, send, startOver],
  );
  const voice = useSpeechRecognition(onTranscript);
  useEffect(() => {
    voiceRef.current = voice;
  });

  const blocked = isPending || voice.state.status === 'processing';

  const submitDraft = () => {
    if (send(draft)) setDraft('');
  };
  const ask = (question: string) => {
    if (!blocked) send(question);
  };

  // Doc 1 §2: opening home with a saved conversation shows its end at once; after that each new message
  // (and the loading indicator) scrolls smoothly into view.
  const count = messages.length;
  const first = useRef(true);
  useEffect(() => {
    const opening = first.current;
    first.current = false;
    if (count > 0) scrollToBottom(opening ? 'auto' : 'smooth');
  }, [count, isPending]);

  if (!user) return null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 pt-6 sm:px-6" data-testid="home-page">
      <div className="flex flex-1 flex-col gap-4 pb-6">
        <div className="flex items-start justify-between gap-3">
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your AI-powered drone support assistant</h1>
            <p className="text-sm text-muted-foreground">Ask about flying rules, setup, troubleshooting, maintenance and safety, by typing or speaking.</p>
          </div>
          <BugReportButton className="shrink-0" />
        </div>

        <div className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
          <QueryLimitStatus query={tier} />
        </div>

        {business.showWelcome && <BusinessWelcome />}
        {preferences.showQuickQuestions && <CommonQuestions onAsk={ask} disabled={blocked} />}
        {showHelpTip(messages.length, business.hasBusinessProfile, preferences.showHelpTip) && <HelpTip />}

        <MessageList messages={messages} pending={isPending} playback={playback} onRetry={conversation.retry} onChoose={ask} />
      </div>

      <ChatInputBar
        value={draft}
        onChange={setDraft}
        onSubmit={submitDraft}
        blocked={blocked}
        onNewConversation={startOver}
        canStartOver={messages.length > 0}
        voice={{
          status: voice.state.status,
          error: voice.state.error,
          unsupportedNotice: voice.unsupportedNotice,
          cooldownMs: voice.cooldownMs,
          onMicrophone: voice.state.status === 'listening' ? voice.stop : voice.start,
          onRetry: voice.start,
        }}
      />

      <footer className="py-4 text-center text-xs text-muted-foreground" data-testid="home-footer">
        Answers draw on FAA rules and guidance and on drone makers' manuals.{' '}
        <a href="https://www.faa.gov/uas" target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-2 hover:underline">
          FAA drone information
        </a>
      </footer>

      <ScrollToTopButton messageCount={messages.length} />
      <BusinessSetupModal />
      <PendingInvitationRedirect />
    </div>
  );
}
