import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QUERY_FRESH_MS } from '../shared/constants.ts';
import { App } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { AUTH_USER_KEY, fetchCurrentUser } from './features/auth/api.ts';
import { createQueryClient } from './lib/query-client.ts';
import { applyStartupTheme } from './lib/theme.ts';
import './styles.css';

// Before the first render, so the page never flashes in the wrong theme (the CSP allows no inline script).
applyStartupTheme();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

/** How long the first render waits for the user check before it shows "Loading" instead (ADR 0066). */
const FIRST_RENDER_WAIT_MS = 1000;

const queryClient = createQueryClient();
// The user check (preloaded by index.html, so usually answered by the time the scripts have run) decides
// the first screen: rendering after it means a signed-in page is first drawn with its navbar's place kept,
// not as the signed-out layout that then shifts down (ADR 0066). The same options as useAuth, which then
// reads the answer from the cache; a failed check is retried by useAuth as before.
const userCheck = queryClient
  .fetchQuery({ queryKey: AUTH_USER_KEY, queryFn: fetchCurrentUser, retry: false, staleTime: QUERY_FRESH_MS })
  .catch(() => undefined);

// The first render is a transition: React renders it in slices that leave the main thread free for the
// browser, rather than in one long task (ADR 0066).
void Promise.race([userCheck, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <App />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
