export { DocumentsPage } from './pages/documents-page.tsx';
