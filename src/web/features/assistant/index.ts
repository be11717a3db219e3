// Pages are not part of a feature's public surface: the router (app/app.tsx) imports each page from its
// own file, so a feature that needs a hook or a key from here does not bring the pages in too (ADR 0066).
export { ChatHistoryTab } from './components/chat-history-tab.tsx';
