import { formatUsd } from '@app/shared/money';
import type {
  NotificationEvent,
  NotificationLanguage,
  NotificationParams,
  NotificationType,
} from '@app/shared/schemas/notifications';
import { composeMail, type Brand, type MailContent } from '../mail';

/**
 * The e-mail of each alert, in the user's language (the web app's languages). The English texts of
 * the deposit and withdrawal decisions are the ones those e-mails always had.
 */
interface Written {
  subject: string;
  paragraphs: string[];
}

type Writers = { [T in NotificationType]: (p: NotificationParams<T>) => Written };

interface Language {
  hello: (name: string) => string;
  /**
   * What an alert about the practice account (params `practice: true`, issue 42) says first: a
   * subject prefix and a marker line above the greeting, so virtual money is never read as real.
   */
  practice: { subject: string; marker: string };
  action: { transactions: string; dashboard: string };
  buckets: Record<'balance' | 'profit' | 'bonus', string>;
  write: Writers;
}

const usd = (cents: number) => formatUsd(cents);
const fee = (p: { amountCents: number; netCents: number }) => usd(p.amountCents - p.netCents);

const en: Language = {
  hello: (name) => `Hello ${name},`,
  practice: {
    subject: '[Practice]',
    marker: 'Practice — virtual money. This is about your practice account: no real money moved.',
  },
  action: { transactions: 'View Transactions', dashboard: 'Go to your dashboard' },
  buckets: { balance: 'balance', profit: 'profit', bonus: 'bonus' },
  write: {
    trade_stopped_out: (p) => ({
      subject: `Your ${p.plan} copy was closed by its stop-loss`,
      paragraphs: [
        `Your copy of the ${p.plan} plan reached its stop-loss and was closed. ${usd(p.payoutCents)} of the ${usd(p.amountCents)} you invested is back in your available balance.`,
      ],
    }),
    trade_take_profit: (p) => ({
      subject: `Your ${p.plan} copy reached its take-profit`,
      paragraphs: [
        `Your copy of the ${p.plan} plan reached its take-profit and was closed. ${usd(p.payoutCents)} (you invested ${usd(p.amountCents)}) is in your available balance.`,
      ],
    }),
    trade_term_ended: (p) => ({
      subject: `Your ${p.plan} copy reached the end of its term`,
      paragraphs: [
        `Your copy of the ${p.plan} plan reached the end of its term and was closed. ${usd(p.payoutCents)} (you invested ${usd(p.amountCents)}) is in your available balance.`,
      ],
    }),
    strategy_paused: (p) => ({
      subject: `The ${p.strategy} strategy is paused`,
      paragraphs: [
        `The platform paused the ${p.strategy} strategy you copy. Its positions stay as they are and your copy keeps its value at market prices; you can close it at any time.`,
      ],
    }),
    strategy_resumed: (p) => ({
      subject: `The ${p.strategy} strategy is running again`,
      paragraphs: [`The platform resumed the ${p.strategy} strategy you copy.`],
    }),
    lead_trader_changed: (p) => ({
      subject: `The ${p.strategy} strategy has a new lead trader`,
      paragraphs: [
        `The lead trader of the ${p.strategy} strategy you copy has changed. You can close your copy at any time at its current value.`,
      ],
    }),
    strategy_retired: (p) => ({
      subject: `The ${p.strategy} strategy is retired`,
      paragraphs: [
        `The platform retired the ${p.strategy} strategy you copy. It takes no new copies, and its positions may only be reduced from now on.`,
        'Your copy was not closed: it stays open and keeps its value at market prices until you close it, which you can do at any time from your dashboard.',
      ],
    }),
    deposit_approved: (p) => ({
      subject: `Your deposit of ${usd(p.amountCents)} is confirmed`,
      paragraphs: [
        `We received your deposit of ${usd(p.amountCents)} (${p.transactionId}). It is now in your available balance.`,
      ],
    }),
    deposit_rejected: (p) => ({
      subject: `Your deposit ${p.transactionId} was not confirmed`,
      paragraphs: [
        `We could not confirm your deposit of ${usd(p.amountCents)} (${p.transactionId}).`,
        `Reason: ${p.reason}`,
        'If you believe this is a mistake, reply to this e-mail or contact support with your payment reference.',
      ],
    }),
    withdrawal_paid: (p) => ({
      subject: `Your withdrawal ${p.transactionId} was paid`,
      paragraphs: [
        `Your withdrawal of ${usd(p.amountCents)} (${p.transactionId}) was paid: ${usd(p.netCents)} after the ${fee(p)} processing fee.`,
      ],
    }),
    withdrawal_rejected: (p) => ({
      subject: `Your withdrawal ${p.transactionId} was not paid`,
      paragraphs: [
        `Your withdrawal of ${usd(p.amountCents)} (${p.transactionId}) was rejected and the full amount is back in your available balance.`,
        `Reason: ${p.reason}`,
      ],
    }),
    adjustment_posted: (p) => ({
      subject: `An adjustment of ${usd(p.amountCents)} was posted to your account`,
      paragraphs: [
        `Our staff posted an adjustment of ${usd(p.amountCents)} to your ${en.buckets[p.bucket]} (${p.transactionId}).`,
        `Reason: ${p.reason}`,
      ],
    }),
    verification_approved: () => ({
      subject: 'Your identity verification was approved',
      paragraphs: [
        'We reviewed your documents and approved your verification. Your account is active: you can deposit, invest in a plan and withdraw at any time.',
      ],
    }),
    verification_rejected: (p) => ({
      subject: 'Your identity verification needs your attention',
      paragraphs: [
        'We reviewed your documents and could not approve your verification yet.',
        `Reason: ${p.reason}`,
        'Open the verification page, upload the document asked for and submit again.',
      ],
    }),
  },
};

const es: Language = {
  hello: (name) => `Hola ${name}:`,
  practice: {
    subject: '[Práctica]',
    marker:
      'Práctica — dinero virtual. Esto es sobre su cuenta de práctica: no se movió dinero real.',
  },
  action: { transactions: 'Ver transacciones', dashboard: 'Ir a su panel' },
  buckets: { balance: 'saldo', profit: 'beneficio', bonus: 'bono' },
  write: {
    trade_stopped_out: (p) => ({
      subject: `Su copia del plan ${p.plan} se cerró por su stop-loss`,
      paragraphs: [
        `Su copia del plan ${p.plan} alcanzó su stop-loss y se cerró. ${usd(p.payoutCents)} de los ${usd(p.amountCents)} que invirtió están de nuevo en su saldo disponible.`,
      ],
    }),
    trade_take_profit: (p) => ({
      subject: `Su copia del plan ${p.plan} alcanzó su take-profit`,
      paragraphs: [
        `Su copia del plan ${p.plan} alcanzó su take-profit y se cerró. ${usd(p.payoutCents)} (invirtió ${usd(p.amountCents)}) están en su saldo disponible.`,
      ],
    }),
    trade_term_ended: (p) => ({
      subject: `Su copia del plan ${p.plan} llegó al final de su plazo`,
      paragraphs: [
        `Su copia del plan ${p.plan} llegó al final de su plazo y se cerró. ${usd(p.payoutCents)} (invirtió ${usd(p.amountCents)}) están en su saldo disponible.`,
      ],
    }),
    strategy_paused: (p) => ({
      subject: `La estrategia ${p.strategy} está en pausa`,
      paragraphs: [
        `La plataforma pausó la estrategia ${p.strategy} que copia. Sus posiciones siguen como están y su copia conserva su valor a precios de mercado; puede cerrarla cuando quiera.`,
      ],
    }),
    strategy_resumed: (p) => ({
      subject: `La estrategia ${p.strategy} vuelve a funcionar`,
      paragraphs: [`La plataforma reanudó la estrategia ${p.strategy} que copia.`],
    }),
    lead_trader_changed: (p) => ({
      subject: `La estrategia ${p.strategy} tiene un nuevo trader principal`,
      paragraphs: [
        `El trader principal de la estrategia ${p.strategy} que copia ha cambiado. Puede cerrar su copia cuando quiera a su valor actual.`,
      ],
    }),
    strategy_retired: (p) => ({
      subject: `La estrategia ${p.strategy} se ha retirado`,
      paragraphs: [
        `La plataforma retiró la estrategia ${p.strategy} que copia. No admite copias nuevas y, a partir de ahora, sus posiciones solo pueden reducirse.`,
        'Su copia no se cerró: sigue abierta y conserva su valor a precios de mercado hasta que la cierre, lo que puede hacer cuando quiera desde su panel.',
      ],
    }),
    deposit_approved: (p) => ({
      subject: `Su depósito de ${usd(p.amountCents)} está confirmado`,
      paragraphs: [
        `Recibimos su depósito de ${usd(p.amountCents)} (${p.transactionId}). Ya está en su saldo disponible.`,
      ],
    }),
    deposit_rejected: (p) => ({
      subject: `Su depósito ${p.transactionId} no se confirmó`,
      paragraphs: [
        `No pudimos confirmar su depósito de ${usd(p.amountCents)} (${p.transactionId}).`,
        `Motivo: ${p.reason}`,
        'Si cree que es un error, responda a este correo o contacte con soporte con su referencia de pago.',
      ],
    }),
    withdrawal_paid: (p) => ({
      subject: `Su retiro ${p.transactionId} se pagó`,
      paragraphs: [
        `Su retiro de ${usd(p.amountCents)} (${p.transactionId}) se pagó: ${usd(p.netCents)} tras la comisión de ${fee(p)}.`,
      ],
    }),
    withdrawal_rejected: (p) => ({
      subject: `Su retiro ${p.transactionId} no se pagó`,
      paragraphs: [
        `Su retiro de ${usd(p.amountCents)} (${p.transactionId}) fue rechazado y el importe completo vuelve a estar en su saldo disponible.`,
        `Motivo: ${p.reason}`,
      ],
    }),
    adjustment_posted: (p) => ({
      subject: `Se registró un ajuste de ${usd(p.amountCents)} en su cuenta`,
      paragraphs: [
        `Nuestro equipo registró un ajuste de ${usd(p.amountCents)} en su ${es.buckets[p.bucket]} (${p.transactionId}).`,
        `Motivo: ${p.reason}`,
      ],
    }),
    verification_approved: () => ({
      subject: 'Su verificación de identidad fue aprobada',
      paragraphs: [
        'Revisamos sus documentos y aprobamos su verificación. Su cuenta está activa: puede depositar, invertir en un plan y retirar cuando quiera.',
      ],
    }),
    verification_rejected: (p) => ({
      subject: 'Su verificación de identidad necesita su atención',
      paragraphs: [
        'Revisamos sus documentos y todavía no pudimos aprobar su verificación.',
        `Motivo: ${p.reason}`,
        'Abra la página de verificación, suba el documento solicitado y envíela de nuevo.',
      ],
    }),
  },
};

const de: Language = {
  hello: (name) => `Hallo ${name},`,
  practice: {
    subject: '[Übung]',
    marker:
      'Übung — virtuelles Geld. Es geht um Ihr Übungskonto: Es wurde kein echtes Geld bewegt.',
  },
  action: { transactions: 'Transaktionen ansehen', dashboard: 'Zum Dashboard' },
  buckets: { balance: 'Guthaben', profit: 'Gewinn', bonus: 'Bonus' },
  write: {
    trade_stopped_out: (p) => ({
      subject: `Ihre Kopie des Plans ${p.plan} wurde durch den Stop-Loss geschlossen`,
      paragraphs: [
        `Ihre Kopie des Plans ${p.plan} hat ihren Stop-Loss erreicht und wurde geschlossen. ${usd(p.payoutCents)} der investierten ${usd(p.amountCents)} sind wieder in Ihrem verfügbaren Guthaben.`,
      ],
    }),
    trade_take_profit: (p) => ({
      subject: `Ihre Kopie des Plans ${p.plan} hat ihren Take-Profit erreicht`,
      paragraphs: [
        `Ihre Kopie des Plans ${p.plan} hat ihren Take-Profit erreicht und wurde geschlossen. ${usd(p.payoutCents)} (investiert: ${usd(p.amountCents)}) sind in Ihrem verfügbaren Guthaben.`,
      ],
    }),
    trade_term_ended: (p) => ({
      subject: `Die Laufzeit Ihrer Kopie des Plans ${p.plan} ist abgelaufen`,
      paragraphs: [
        `Die Laufzeit Ihrer Kopie des Plans ${p.plan} ist abgelaufen und sie wurde geschlossen. ${usd(p.payoutCents)} (investiert: ${usd(p.amountCents)}) sind in Ihrem verfügbaren Guthaben.`,
      ],
    }),
    strategy_paused: (p) => ({
      subject: `Die Strategie ${p.strategy} ist pausiert`,
      paragraphs: [
        `Die Plattform hat die Strategie ${p.strategy}, die Sie kopieren, pausiert. Ihre Positionen bleiben bestehen und Ihre Kopie behält ihren Marktwert; Sie können sie jederzeit schließen.`,
      ],
    }),
    strategy_resumed: (p) => ({
      subject: `Die Strategie ${p.strategy} läuft wieder`,
      paragraphs: [`Die Plattform hat die Strategie ${p.strategy}, die Sie kopieren, fortgesetzt.`],
    }),
    lead_trader_changed: (p) => ({
      subject: `Die Strategie ${p.strategy} hat einen neuen Lead-Trader`,
      paragraphs: [
        `Der Lead-Trader der Strategie ${p.strategy}, die Sie kopieren, hat gewechselt. Sie können Ihre Kopie jederzeit zum aktuellen Wert schließen.`,
      ],
    }),
    strategy_retired: (p) => ({
      subject: `Die Strategie ${p.strategy} wurde eingestellt`,
      paragraphs: [
        `Die Plattform hat die Strategie ${p.strategy}, die Sie kopieren, eingestellt. Sie nimmt keine neuen Kopien an, und ihre Positionen können von nun an nur verringert werden.`,
        'Ihre Kopie wurde nicht geschlossen: Sie bleibt offen und behält ihren Marktwert, bis Sie sie schließen – jederzeit über Ihr Dashboard.',
      ],
    }),
    deposit_approved: (p) => ({
      subject: `Ihre Einzahlung von ${usd(p.amountCents)} ist bestätigt`,
      paragraphs: [
        `Wir haben Ihre Einzahlung von ${usd(p.amountCents)} (${p.transactionId}) erhalten. Sie ist jetzt in Ihrem verfügbaren Guthaben.`,
      ],
    }),
    deposit_rejected: (p) => ({
      subject: `Ihre Einzahlung ${p.transactionId} wurde nicht bestätigt`,
      paragraphs: [
        `Wir konnten Ihre Einzahlung von ${usd(p.amountCents)} (${p.transactionId}) nicht bestätigen.`,
        `Grund: ${p.reason}`,
        'Wenn Sie das für einen Fehler halten, antworten Sie auf diese E-Mail oder wenden Sie sich mit Ihrer Zahlungsreferenz an den Support.',
      ],
    }),
    withdrawal_paid: (p) => ({
      subject: `Ihre Auszahlung ${p.transactionId} wurde ausgezahlt`,
      paragraphs: [
        `Ihre Auszahlung von ${usd(p.amountCents)} (${p.transactionId}) wurde ausgezahlt: ${usd(p.netCents)} nach der Bearbeitungsgebühr von ${fee(p)}.`,
      ],
    }),
    withdrawal_rejected: (p) => ({
      subject: `Ihre Auszahlung ${p.transactionId} wurde nicht ausgezahlt`,
      paragraphs: [
        `Ihre Auszahlung von ${usd(p.amountCents)} (${p.transactionId}) wurde abgelehnt; der volle Betrag ist wieder in Ihrem verfügbaren Guthaben.`,
        `Grund: ${p.reason}`,
      ],
    }),
    adjustment_posted: (p) => ({
      subject: `Auf Ihrem Konto wurde eine Korrektur von ${usd(p.amountCents)} gebucht`,
      paragraphs: [
        `Unser Team hat eine Korrektur von ${usd(p.amountCents)} auf Ihr ${de.buckets[p.bucket]} gebucht (${p.transactionId}).`,
        `Grund: ${p.reason}`,
      ],
    }),
    verification_approved: () => ({
      subject: 'Ihre Identitätsprüfung wurde bestätigt',
      paragraphs: [
        'Wir haben Ihre Unterlagen geprüft und Ihre Verifizierung bestätigt. Ihr Konto ist aktiv: Sie können einzahlen, in einen Plan investieren und jederzeit auszahlen.',
      ],
    }),
    verification_rejected: (p) => ({
      subject: 'Ihre Identitätsprüfung braucht Ihre Mithilfe',
      paragraphs: [
        'Wir haben Ihre Unterlagen geprüft und konnten Ihre Verifizierung noch nicht bestätigen.',
        `Grund: ${p.reason}`,
        'Öffnen Sie die Verifizierungsseite, laden Sie das angeforderte Dokument hoch und reichen Sie sie erneut ein.',
      ],
    }),
  },
};

export const MAIL_LANGUAGES: Record<NotificationLanguage, Language> = { en, es, de };

/**
 * Where each alert's e-mail button leads: an event of a copy, a strategy or the account review to
 * the dashboard, a money decision to the transactions. Every type names its page.
 */
const BUTTON_PAGE: Record<NotificationType, keyof Language['action']> = {
  trade_stopped_out: 'dashboard',
  trade_take_profit: 'dashboard',
  trade_term_ended: 'dashboard',
  strategy_paused: 'dashboard',
  strategy_resumed: 'dashboard',
  lead_trader_changed: 'dashboard',
  strategy_retired: 'dashboard',
  deposit_approved: 'transactions',
  deposit_rejected: 'transactions',
  withdrawal_paid: 'transactions',
  withdrawal_rejected: 'transactions',
  adjustment_posted: 'transactions',
  verification_approved: 'dashboard',
  verification_rejected: 'dashboard',
};

/**
 * The e-mail of one alert to `name`, in `language`; its template is the alert's type. An alert
 * about the practice account says so first: "[Practice]" before the subject, the marker line
 * before the greeting.
 */
export function notificationMail(
  brand: Brand,
  language: NotificationLanguage,
  name: string,
  event: NotificationEvent,
): MailContent {
  const lang = MAIL_LANGUAGES[language];
  const write = lang.write[event.type] as (p: NotificationEvent['params']) => Written;
  const written = write(event.params);
  const page = BUTTON_PAGE[event.type];
  const action = { label: lang.action[page], url: `${brand.publicUrl}/${page}` };
  const practice = 'practice' in event.params && event.params.practice === true;
  return composeMail(
    brand,
    event.type,
    practice ? `${lang.practice.subject} ${written.subject}` : written.subject,
    [...(practice ? [lang.practice.marker] : []), lang.hello(name), ...written.paragraphs],
    action,
  );
}
