export { LogbookPage } from './pages/logbook-page.tsx';
export { LOGBOOK_KEYS } from './api.ts';
