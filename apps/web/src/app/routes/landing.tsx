export { LandingPage as LandingRoute } from '../../features/landing/components/landing-page';
