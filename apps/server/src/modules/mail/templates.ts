/** Plain, branded e-mails with a text and an HTML part. Every value is escaped for HTML. */
export interface MailContent {
  template: string;
  subject: string;
  text: string;
  html: string;
}

export interface Brand {
  name: string;
  publicUrl: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(
  brand: Brand,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#10b981;color:#0b1220;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(brand.name)}</h1>${body}${button}<p style="margin:32px 0 0;font-size:12px;color:#64748b">${escapeHtml(brand.name)} · ${escapeHtml(brand.publicUrl)}</p></div></body></html>`;
}

function textOf(
  brand: Brand,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const lines = [...paragraphs];
  if (action) lines.push(`${action.label}: ${action.url}`);
  lines.push('', `— ${brand.name}`);
  return lines.join('\n\n');
}

export function composeMail(
  brand: Brand,
  template: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailContent {
  return {
    template,
    subject,
    text: textOf(brand, paragraphs, action),
    html: layout(brand, paragraphs, action),
  };
}

export const mailTemplates = {
  welcome: (brand: Brand, name: string) =>
    composeMail(
      brand,
      'welcome',
      `Welcome to ${brand.name}`,
      [
        `Hello ${name},`,
        `Thank you for registering with ${brand.name}. Our team reviews new accounts and activates them within 24 hours of registration; we will e-mail you when yours is active.`,
        'Copy trading involves risk. You can lose some or all of the money you invest. Past performance is not a reliable indicator of future results.',
      ],
      { label: 'Log in', url: `${brand.publicUrl}/login` },
    ),

  verifyEmail: (brand: Brand, name: string, url: string) =>
    composeMail(
      brand,
      'verify_email',
      `Confirm your e-mail address for ${brand.name}`,
      [
        `Hello ${name},`,
        'Please confirm that this is your e-mail address. The link works once and expires in 24 hours.',
      ],
      { label: 'Confirm e-mail address', url },
    ),

  recovery: (brand: Brand, name: string, url: string) =>
    composeMail(
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
    composeMail(
      brand,
      'recovery_no_account',
      `Reset your ${brand.name} password`,
      [
        'Hello,',
        `We received a request to reset the password of a ${brand.name} account with this e-mail address, but there is no account with it. If it was you, you may have signed up with another address.`,
        'If you did not ask for this, you can ignore this e-mail.',
      ],
      { label: 'Sign up', url: `${brand.publicUrl}/register` },
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
