export { UasFacilitiesPage } from './pages/uas-facilities-page.tsx';
