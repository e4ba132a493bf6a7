import { ContactSection } from '../components/ContactSection';

/** /contact: the contact form as its own page. */
export function ContactPage() {
  return <ContactSection headingLevel="h1" />;
}
