export { ForecastPage } from './pages/forecast-page.tsx';
