import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { applyStartupTheme } from './lib/theme.ts';
import './styles.css';

// Before the first render, so the page never flashes in the wrong theme (the CSP allows no inline script).
applyStartupTheme();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
);
