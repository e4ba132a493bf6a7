import { formatUsd } from '@app/shared/money';
import type { Notification } from '@app/shared/schemas/notifications';
import type { TFunction } from 'i18next';

/** The values an alert's texts interpolate: amounts as dollars, the bucket in the reader's words. */
function valuesOf(notification: Notification, t: TFunction<'notifications'>) {
  const { params } = notification;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') values[key] = value;
  }
  if ('amountCents' in params) values.amount = formatUsd(params.amountCents);
  if ('payoutCents' in params) values.payout = formatUsd(params.payoutCents);
  if ('netCents' in params) values.net = formatUsd(params.netCents);
  if ('bucket' in params) values.bucket = t(`buckets.${params.bucket}`);
  return values;
}

/**
 * An alert's title and body in the reader's language, from its type and params; `marker` is
 * "Practice — virtual money" on an alert about the practice account (params `practice: true`,
 * issue 42), shown before the title, and null on everything about real money.
 */
export function notificationText(
  notification: Notification,
  t: TFunction<'notifications'>,
): { marker: string | null; title: string; body: string } {
  const values = valuesOf(notification, t);
  const practice = 'practice' in notification.params && notification.params.practice === true;
  return {
    marker: practice ? t('practice') : null,
    title: t(`types.${notification.type}.title`, values),
    body: t(`types.${notification.type}.body`, values),
  };
}
