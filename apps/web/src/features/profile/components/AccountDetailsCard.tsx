import { formatDate } from '../../../lib/dates';
import type { Me } from '@app/shared/schemas/auth';
import { formatPhone } from '@app/shared/schemas/phone';
import { useTranslation } from 'react-i18next';
import { Avatar, Badge, Card } from '../../../ui';
import type { ReactNode } from 'react';
import { CountryFlag } from '../../../ui/CountryFlag';
import { currentLanguage } from '../../../i18n';
import { findCountry } from '../../auth/components/countries';
import { ReferralLinkField } from '../../referrals/components/ReferralLinkField';

/** The user's details: picture (a button that opens 'Profile Image'), status, referral link. */
export function AccountDetailsCard({ user, onEditAvatar }: { user: Me; onEditAvatar: () => void }) {
  const { t } = useTranslation('profile');
  const country = findCountry(user.country, currentLanguage());
  const rows: [string, ReactNode][] = [
    [t('details.phone'), formatPhone(user.phone)],
    [
      t('details.country'),
      country ? (
        <span className="inline-flex items-center gap-2">
          <CountryFlag code={country.code} />
          {country.name}
        </span>
      ) : (
        user.country
      ),
    ],
    [t('details.referralId'), user.referralId],
    [t('details.memberSince'), formatDate(user.createdAt)],
  ];
  return (
    <Card aria-labelledby="account-details-title">
      <h2 id="account-details-title" className="sr-only">
        {t('details.title')}
      </h2>
      <div className="flex items-center gap-4">
        <button
          type="button"
          onClick={onEditAvatar}
          aria-haspopup="dialog"
          className="group relative shrink-0 rounded-full"
        >
          <Avatar name={user.name} src={user.avatarUrl} size="lg" />
          {/* Named in its content, not aria-label: the initials on show are then not a visible
              text missing from its name. */}
          <span className="sr-only">{t('avatar.change')}</span>
          <span className="absolute -right-1 -bottom-1 flex size-7 items-center justify-center rounded-full border-2 border-surface bg-brand text-bg group-hover:bg-brand-strong">
            <CameraIcon />
          </span>
        </button>
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-text">{user.name}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone={user.isActive ? 'success' : 'warning'}>
              {user.isActive ? t('details.active') : t('details.inactive')}
            </Badge>
            {user.isAdmin && <Badge tone="info">{t('details.admin')}</Badge>}
          </div>
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-lg bg-surface-2 px-4 py-3">
            <dt className="text-xs text-muted">{label}</dt>
            {/* Wraps between words; only a word longer than the cell is broken. */}
            <dd className="mt-0.5 text-sm font-medium wrap-break-word text-text">{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5">
        <ReferralLinkField />
      </div>
    </Card>
  );
}

function CameraIcon() {
  return (
    <svg
      aria-hidden="true"
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </svg>
  );
}
