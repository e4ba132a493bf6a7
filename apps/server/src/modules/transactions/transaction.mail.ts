import { formatUsd } from '@app/shared/money';
import { composeMail, type Brand, type MailContent } from '../mail/templates';

/** E-mails about money (deposits, withdrawals); each links to the user's transaction list. */
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
  depositApproved: (brand: Brand, name: string, tx: Tx) =>
    compose(
      brand,
      'deposit_approved',
      `Your deposit of ${formatUsd(tx.amountCents)} is confirmed`,
      [
        `Hello ${name},`,
        `We received your deposit of ${formatUsd(tx.amountCents)} (${tx.transactionId}). It is now in your available balance.`,
      ],
    ),

  depositRejected: (brand: Brand, name: string, tx: Tx, reason: string) =>
    compose(brand, 'deposit_rejected', `Your deposit ${tx.transactionId} was not confirmed`, [
      `Hello ${name},`,
      `We could not confirm your deposit of ${formatUsd(tx.amountCents)} (${tx.transactionId}).`,
      `Reason: ${reason}`,
      'If you believe this is a mistake, reply to this e-mail or contact support with your payment reference.',
    ]),

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

  withdrawalPaid: (brand: Brand, name: string, tx: Tx) =>
    compose(brand, 'withdrawal_paid', `Your withdrawal ${tx.transactionId} was paid`, [
      `Hello ${name},`,
      `Your withdrawal of ${formatUsd(tx.amountCents)} (${tx.transactionId}) was paid: ${formatUsd(net(tx))} after the ${formatUsd(tx.feeCents)} processing fee.`,
    ]),

  withdrawalRejected: (brand: Brand, name: string, tx: Tx, reason: string) =>
    compose(brand, 'withdrawal_rejected', `Your withdrawal ${tx.transactionId} was not paid`, [
      `Hello ${name},`,
      `Your withdrawal of ${formatUsd(tx.amountCents)} (${tx.transactionId}) was rejected and the full amount is back in your available balance.`,
      `Reason: ${reason}`,
    ]),
};
