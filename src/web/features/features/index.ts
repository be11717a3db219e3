export { DeveloperFeaturesPage } from './pages/developer-features-page.tsx';
