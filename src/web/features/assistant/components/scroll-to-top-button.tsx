import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SCROLL_TOP_MIN_MESSAGES, SCROLL_TOP_THRESHOLD_PX } from '../../../../shared/assistant.ts';
import { Button } from '../../../components/ui/button.tsx';
import { showScrollTop } from '../home-rules.ts';

/** Appears after 300 px of scrolling when there are more than 3 messages (doc 1 §2, §9). */
export function ScrollToTopButton({ messageCount }: { messageCount: number }) {
  const [scrollY, setScrollY] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY));
  useEffect(() => {
    const onScroll = () => setScrollY(window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!showScrollTop(scrollY, messageCount, SCROLL_TOP_THRESHOLD_PX, SCROLL_TOP_MIN_MESSAGES)) return null;
  return (
    <Button
      variant="secondary"
      size="icon"
      className="fixed right-4 bottom-36 z-30 rounded-full shadow-md sm:right-8"
      aria-label="Scroll to top"
      title="Scroll to top"
      data-testid="scroll-to-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp aria-hidden />
    </Button>
  );
}
