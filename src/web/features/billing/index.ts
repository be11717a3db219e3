export { PricingPage } from './pages/pricing-page.tsx';
export { usePaymentsConfigured } from './hooks/use-billing-status.ts';
