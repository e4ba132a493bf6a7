import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { useLazyTranslation } from '../lazyNamespaces';
import type { FaqKey } from './faq';

interface FaqDialogProps {
  open: boolean;
  faqKey: FaqKey;
  onOpenChange: (open: boolean) => void;
}

/** An FAQ answer in a modal (Radix: Escape closes, focus is trapped, the page does not scroll). */
export default function FaqDialog({ open, faqKey, onOpenChange }: FaqDialogProps) {
  const { t: tLower } = useLazyTranslation('publicLower');
  const { t: tFaq } = useLazyTranslation('publicFaq');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={tLower(`faq.items.${faqKey}`)}
      footer={
        <Link
          to="/contact"
          onClick={() => onOpenChange(false)}
          className={buttonClasses('primary', 'md')}
        >
          {tLower('faq.contactSupport')}
        </Link>
      }
    >
      <p className="leading-relaxed text-muted">{tFaq(`answers.${faqKey}`)}</p>
    </Modal>
  );
}
