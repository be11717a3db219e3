import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import { StatusCard } from '../components/status-card.tsx';
import { Button } from '../components/ui/button.tsx';

interface Props {
  children: ReactNode;
  /** What shows instead of the children once they failed; the page-level card by default. */
  fallback?: ReactNode;
  /** A change of this value (the path) clears the failure, so another page can be tried. */
  resetKey?: string;
}

/**
 * Pages and the navbar download on demand, so a lost connection or a release that replaced the files
 * can fail one of them: that shows a card with a reload, not a blank screen.
 */
export class LoadErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A part of the page failed to load or render', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback !== undefined ? this.props.fallback : <PageLoadError />;
  }
}

function PageLoadError() {
  return (
    <StatusCard
      testId="page-load-error"
      icon={CloudOff}
      tone="destructive"
      title="This page could not load"
      message="Check your connection, then reload the page."
      action={<Button onClick={() => window.location.reload()}>Reload</Button>}
    />
  );
}
