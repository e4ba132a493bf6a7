import { formatUsd } from '@app/shared/money';
import { composeMail, type Brand, type MailContent } from '../mail';

/**
 * E-mails about a withdrawal request; each links to the user's transaction list. (The decisions on
 * deposits and withdrawals are alerts: notifications/notification.mail.ts.)
 */
function compose(
  brand: Brand,
  template: string,
  subject: string,
  paragraphs: string[],
): MailContent {
  return composeMail(brand, template, subject, paragraphs, {
    label: 'View Transactions',
    url: `${brand.publicUrl}/transactions`,
  });
}

interface Tx {
  transactionId: string;
  amountCents: bigint;
  feeCents: bigint;
}

const net = (tx: Tx) => tx.amountCents - tx.feeCents;

export const moneyMail = {
  withdrawalRequested: (brand: Brand, name: string, tx: Tx, method: string) =>
    compose(brand, 'withdrawal_requested', `Withdrawal request ${tx.transactionId} received`, [
      `Hello ${name},`,
      `We received your request to withdraw ${formatUsd(tx.amountCents)} by ${method} (${tx.transactionId}).`,
      `Processing fee: ${formatUsd(tx.feeCents)}. You will receive ${formatUsd(net(tx))}.`,
      'The amount is held from your balance while we process the payment. We will e-mail you when it is paid.',
    ]),

  withdrawalToSupport: (
    brand: Brand,
    user: { name: string; email: string },
    tx: Tx,
    method: string,
  ) =>
    compose(brand, 'withdrawal_support', `Withdrawal to pay: ${tx.transactionId}`, [
      `${user.name} <${user.email}> asked to withdraw ${formatUsd(tx.amountCents)} by ${method}.`,
      `Fee ${formatUsd(tx.feeCents)}; pay out ${formatUsd(net(tx))}.`,
      'Review it in the admin area and mark it paid or reject it.',
    ]),
};
