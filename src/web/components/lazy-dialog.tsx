import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A dialog whose code (its form, the form library, the contract's schema) downloads when it is first
 * opened, not with the page that shows its button (ADR 0066). Until then nothing is rendered; once
 * opened it stays mounted, so it closes and reopens exactly as a dialog rendered from the start.
 * `preload` starts the download early (on hover or focus of the button that opens it).
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => (loading ??= load());
  const Loaded = lazy(() => preload().then((component) => ({ default: component })));

  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    // The first opening is remembered during render (React's derived-state pattern), so it mounts at once.
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <DialogLoadBoundary>
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </DialogLoadBoundary>
    );
  }
  return Object.assign(LazyDialog, { preload });
}

/** A dialog whose code could not download leaves the page as it is (the button simply does nothing). */
class DialogLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A dialog failed to load', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
