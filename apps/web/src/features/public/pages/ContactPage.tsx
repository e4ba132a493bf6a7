import { useTranslation } from 'react-i18next';
import { ContactSection } from '../components/ContactSection';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** /contact: the contact form as its own page. */
export function ContactPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('nav.contact'));
  return <ContactSection headingLevel="h1" />;
}
