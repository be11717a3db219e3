export { PricingPage } from './pages/pricing-page.tsx';
