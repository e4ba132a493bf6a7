import { ContentPage } from '../components/ContentPage';

export function AboutPage() {
  return <ContentPage page="about" />;
}

export function TermsPage() {
  return <ContentPage page="terms" />;
}

export function PrivacyPage() {
  return <ContentPage page="privacy" />;
}

/** /risk: the risk disclosure, led by the risk warning. */
export function RiskPage() {
  return <ContentPage page="risk" withRiskWarning />;
}
