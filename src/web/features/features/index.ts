export { DeveloperFeaturesPage } from './pages/developer-features-page.tsx';
export { FlyWindowsCard } from './components/fly-windows-card.tsx';
export { useEnabledFeatures, useFeatureEnabled } from './hooks/use-features.ts';
