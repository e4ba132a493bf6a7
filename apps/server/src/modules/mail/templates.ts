import { seal } from '../../lib/secret-box';

/**
 * Plain, branded e-mails with a text and an HTML part. Every value is escaped for HTML.
 *
 * A part that grants something (a link carrying a one-time token, a code) is marked with
 * `secret(...)` and composed with `composeSecretMail`. Such a message exists in two copies: the
 * redacted one (`text`, `html`), which is what is stored in the outbox and what staff may read, and
 * the revealed one, which only the recipient's mailbox receives. The revealed copy can only be
 * queued sealed (`sealMail`), and the types keep an unsealed secret mail out of the outbox.
 */
export interface MailBody {
  text: string;
  html: string;
}

/** What the outbox stores and staff may read; `sealedBody` is the revealed copy, sealed. */
export interface MailContent extends MailBody {
  template: string;
  subject: string;
  sealedBody?: string;
  /** Never set: keeps a SecretMail (which has it) from being queued as plain content. */
  revealed?: never;
}

/** A message with secret parts: `text`/`html` are redacted, `revealed` is the recipient's copy. */
export interface SecretMail extends MailBody {
  template: string;
  subject: string;
  revealed: MailBody;
}

/** What a stored or displayed copy shows in place of a secret part. */
export const REDACTED = '[redacted]';

/** A part of a message that only the recipient may read. */
export class SecretPart {
  constructor(readonly value: string) {}
}

export const secret = (value: string): SecretPart => new SecretPart(value);

/** A run of text: plain strings and secret parts, joined. */
export type Text = string | SecretPart | readonly (string | SecretPart)[];

/** A link with secret query parameters (the one-time token), e.g. from `linkWithSecret`. */
export type SecretLink = readonly (string | SecretPart)[];

/** `base?a=1&secret=<secret part>`: the plain parameters first, then the secret ones. */
export function linkWithSecret(
  base: string,
  params: Record<string, string>,
  secrets: Record<string, string>,
): SecretLink {
  const parts: (string | SecretPart)[] = [];
  let separator = '?';
  for (const [name, value] of Object.entries(params)) {
    parts.push(`${separator}${name}=${encodeURIComponent(value)}`);
    separator = '&';
  }
  for (const [name, value] of Object.entries(secrets)) {
    parts.push(`${separator}${name}=`, secret(encodeURIComponent(value)));
    separator = '&';
  }
  return [base, ...parts];
}

export interface Brand {
  name: string;
  publicUrl: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(text: Text, reveal: boolean): string {
  // Plain text as it is (a cascade renders thousands of alerts of plain paragraphs).
  if (typeof text === 'string') return text;
  const parts = text instanceof SecretPart ? [text] : text;
  return parts
    .map((part) => (typeof part === 'string' ? part : reveal ? part.value : REDACTED))
    .join('');
}

function hasSecret(text: Text): boolean {
  if (typeof text === 'string') return false;
  if (text instanceof SecretPart) return true;
  return text.some((part) => part instanceof SecretPart);
}

interface Action<T extends Text = Text> {
  label: string;
  url: T;
}

function layout(brand: Brand, paragraphs: string[], action?: Action<string>, live = true): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  // A redacted link is not clickable: its href would point nowhere useful.
  const href = action && live ? ` href="${escapeHtml(action.url)}"` : '';
  const button = action
    ? `<p style="margin:24px 0"><a${href} style="background:#10b981;color:#0b1220;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(brand.name)}</h1>${body}${button}<p style="margin:32px 0 0;font-size:12px;color:#64748b">${escapeHtml(brand.name)} · ${escapeHtml(brand.publicUrl)}</p></div></body></html>`;
}

function textOf(brand: Brand, paragraphs: string[], action?: Action<string>): string {
  const lines = [...paragraphs];
  if (action) lines.push(`${action.label}: ${action.url}`);
  lines.push('', `— ${brand.name}`);
  return lines.join('\n\n');
}

function bodyOf(
  brand: Brand,
  paragraphs: readonly Text[],
  action: Action | undefined,
  reveal: boolean,
): MailBody {
  const shown = paragraphs.map((p) => render(p, reveal));
  const shownAction = action ? { label: action.label, url: render(action.url, reveal) } : undefined;
  const live = reveal || !action || !hasSecret(action.url);
  return { text: textOf(brand, shown, shownAction), html: layout(brand, shown, shownAction, live) };
}

/** A message without secret parts. */
export function composeMail(
  brand: Brand,
  template: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailContent {
  return { template, subject, ...bodyOf(brand, paragraphs, action, true) };
}

/** A message with parts marked `secret(...)`: redacted for the outbox, revealed for the recipient. */
export function composeSecretMail(
  brand: Brand,
  template: string,
  subject: string,
  paragraphs: readonly Text[],
  action?: Action,
): SecretMail {
  return {
    template,
    subject,
    ...bodyOf(brand, paragraphs, action, false),
    revealed: bodyOf(brand, paragraphs, action, true),
  };
}

/** The outbox form of a secret mail: the redacted copy in clear, the revealed copy sealed. */
export function sealMail(key: Buffer, mail: SecretMail): MailContent {
  return {
    template: mail.template,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    sealedBody: seal(key, JSON.stringify(mail.revealed)),
  };
}

/**
 * The answer to a link asked for an address that has no account (`request`: what was asked,
 * "to reset the password of a … account"): it says so and offers to sign up.
 */
function noAccountMail(brand: Brand, template: string, subject: string, request: string) {
  return composeMail(
    brand,
    template,
    subject,
    [
      'Hello,',
      `We received a request ${request} with this e-mail address, but there is no account with it. If it was you, you may have signed up with another address.`,
      'If you did not ask for this, you can ignore this e-mail.',
    ],
    { label: 'Sign up', url: `${brand.publicUrl}/register` },
  );
}

export const mailTemplates = {
  welcome: (brand: Brand, name: string) =>
    composeMail(
      brand,
      'welcome',
      `Welcome to ${brand.name}`,
      [
        `Hello ${name},`,
        `Thank you for registering with ${brand.name}. Our team reviews new accounts and activates them; we will e-mail you when yours is active.`,
        'Copy trading involves risk. You can lose some or all of the money you invest. Past performance is not a reliable indicator of future results.',
      ],
      { label: 'Log in', url: `${brand.publicUrl}/login` },
    ),

  verifyEmail: (brand: Brand, name: string, url: SecretLink) =>
    composeSecretMail(
      brand,
      'verify_email',
      `Confirm your e-mail address for ${brand.name}`,
      [
        `Hello ${name},`,
        'Please confirm that this is your e-mail address. The link works once and expires in 24 hours.',
      ],
      { label: 'Confirm e-mail address', url },
    ),

  recovery: (brand: Brand, name: string, url: SecretLink) =>
    composeSecretMail(
      brand,
      'recovery',
      `Reset your ${brand.name} password`,
      [
        `Hello ${name},`,
        'We received a request to reset your password. The link works once and expires in 1 hour.',
        'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
      ],
      { label: 'Choose a new password', url },
    ),

  recoveryNoAccount: (brand: Brand) =>
    noAccountMail(
      brand,
      'recovery_no_account',
      `Reset your ${brand.name} password`,
      `to reset the password of a ${brand.name} account`,
    ),

  magicLink: (brand: Brand, name: string, url: SecretLink) =>
    composeSecretMail(
      brand,
      'magic_link',
      `Your ${brand.name} sign-in link`,
      [
        `Hello ${name},`,
        'Follow the link to sign in. It works once and expires in 15 minutes. If two-factor sign-in is on, you will still be asked for your code.',
        'If you did not ask for this, ignore this e-mail: nobody can sign in without the link.',
      ],
      { label: 'Sign in', url },
    ),

  magicLinkNoAccount: (brand: Brand) =>
    noAccountMail(
      brand,
      'magic_link_no_account',
      `Your ${brand.name} sign-in link`,
      `for a sign-in link for a ${brand.name} account`,
    ),

  signUpAttempt: (brand: Brand, name: string) =>
    composeMail(
      brand,
      'sign_up_attempt',
      `Someone tried to sign up with your e-mail address`,
      [
        `Hello ${name},`,
        `Someone just tried to create a new ${brand.name} account with this e-mail address, which already has yours. Your account is unchanged.`,
        'If it was you, log in instead, or reset your password if you have forgotten it. If it was not you, you can ignore this e-mail.',
      ],
      { label: 'Log in', url: `${brand.publicUrl}/login` },
    ),

  passwordChanged: (brand: Brand, name: string) =>
    composeMail(brand, 'password_changed', `Your ${brand.name} password was changed`, [
      `Hello ${name},`,
      'Your password was just changed and your other sessions were signed out. If this was not you, reset your password at once and contact support.',
    ]),

  /** To the new address: the link that makes the change. */
  emailChangeConfirm: (brand: Brand, name: string, newEmail: string, url: SecretLink) =>
    composeSecretMail(
      brand,
      'email_change_confirm',
      `Confirm your new e-mail address for ${brand.name}`,
      [
        `Hello ${name},`,
        `You asked to sign in to ${brand.name} with ${newEmail} from now on. Follow the link to confirm; nothing changes until you do. The link works once and expires in 24 hours.`,
        'If you did not ask for this, ignore this e-mail: your account stays as it is.',
      ],
      { label: 'Confirm new e-mail address', url },
    ),

  /** To the current address when a change is asked for: nothing has changed yet. */
  emailChangeRequested: (brand: Brand, name: string, newEmail: string, support: string) =>
    composeMail(
      brand,
      'email_change_requested',
      `A change of your ${brand.name} e-mail address was requested`,
      [
        `Hello ${name},`,
        `Someone signed in to your account asked to change its e-mail address to ${newEmail}. Nothing changes unless the link sent to that address is followed.`,
        `If this was not you, reset your password now (that cancels the change and signs everyone out) and tell us at ${support}.`,
      ],
      { label: 'Reset my password', url: `${brand.publicUrl}/forgot` },
    ),

  /** To the former address once the change applied. */
  emailChanged: (brand: Brand, name: string, newEmail: string, support: string) =>
    composeMail(
      brand,
      'email_changed',
      `Your ${brand.name} e-mail address was changed`,
      [
        `Hello ${name},`,
        `The e-mail address of your account is now ${newEmail}; this address no longer signs in. Every other session was signed out.`,
        `If this was not you, contact support at once at ${support} or through the contact form, so we can lock the account and return it to you.`,
      ],
      { label: 'Report it to support', url: `${brand.publicUrl}/contact` },
    ),

  /** To the owner of an address someone tried to move their account to. */
  emailChangeAttempt: (brand: Brand, name: string) =>
    composeMail(brand, 'email_change_attempt', `Someone tried to use your e-mail address`, [
      `Hello ${name},`,
      `Someone signed in to another ${brand.name} account tried to change its e-mail address to this one, which already belongs to your account. Your account is unchanged.`,
      'If you do not know why, you can ignore this e-mail.',
    ]),

  /** The confirmation that an account was closed at its owner's request. */
  accountClosed: (brand: Brand, name: string, retentionYears: number, support: string) =>
    composeMail(brand, 'account_closed', `Your ${brand.name} account is closed`, [
      `Hello ${name},`,
      `Your account was closed at your request and you were signed out everywhere. Your name, contact details and picture have been removed.`,
      `The record of your transactions is kept for ${retentionYears} years, as financial regulations require, and then deleted.`,
      `If you did not close your account, contact us at once at ${support}.`,
    ]),

  accountActivated: (brand: Brand, name: string) =>
    composeMail(
      brand,
      'account_activated',
      `Your ${brand.name} account is active`,
      [
        `Hello ${name},`,
        'Your account has been reviewed and is now active. You can deposit, invest in a plan and withdraw at any time.',
        'Copy trading involves risk. You can lose some or all of the money you invest. Past performance is not a reliable indicator of future results.',
      ],
      { label: 'Go to your dashboard', url: `${brand.publicUrl}/dashboard` },
    ),

  contactToSupport: (brand: Brand, from: { name: string; email: string }, message: string) =>
    composeMail(brand, 'contact', `Contact form: ${from.name}`, [
      `From: ${from.name} <${from.email}>`,
      message,
    ]),
};
