export { DocumentsPage } from './pages/documents-page.tsx';
export { DocumentReviewPage } from './pages/document-review-page.tsx';
