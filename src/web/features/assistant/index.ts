export { HomePage } from './pages/home-page.tsx';
export { ChatHistoryTab } from './components/chat-history-tab.tsx';
