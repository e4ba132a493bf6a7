import { Link } from 'react-router';

interface LinkListProps {
  links: readonly { key: string; to: string }[];
  /** A link's words, by its key. */
  label: (key: string) => string;
  className: string;
  linkClassName: string;
  /** Called when a link is followed (the menu closes). */
  onNavigate?: () => void;
}

/** A list of the public site's links (the top bar, its menu, the footer's columns). */
export function LinkList({ links, label, className, linkClassName, onNavigate }: LinkListProps) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.key}>
          <Link to={link.to} onClick={onNavigate} className={linkClassName}>
            {label(link.key)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
