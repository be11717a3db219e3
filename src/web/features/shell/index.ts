export { BetaBanner } from './components/beta-banner.tsx';
export { Navbar } from './components/navbar.tsx';
