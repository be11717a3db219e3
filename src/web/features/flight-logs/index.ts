export { LogbookPage } from './pages/logbook-page.tsx';
