import { describe, expect, it } from 'vitest';
import { composeMail, composeSecretMail, linkWithSecret, REDACTED } from './templates';

/**
 * The e-mail bodies, exactly: a cascade composes thousands of alerts around frames it builds once
 * per brand and button (templates.ts), so each body must be the one composed on its own.
 */
const brand = { name: 'Nestrado', publicUrl: 'https://nestrado.test' };
const button = { label: 'Go to your dashboard', url: 'https://nestrado.test/dashboard' };

describe('composeMail', () => {
  it('writes the text and the escaped HTML around the paragraphs and the button', () => {
    const mail = composeMail(
      brand,
      'trade_stopped_out',
      'Closed',
      ['Hello <Ana> & "Co",', 'Done.'],
      button,
    );
    expect(mail.subject).toBe('Closed');
    expect(mail.template).toBe('trade_stopped_out');
    expect(mail.text).toBe(
      'Hello <Ana> & "Co",\n\nDone.\n\nGo to your dashboard: https://nestrado.test/dashboard\n\n\n\n— Nestrado',
    );
    expect(mail.html).toBe(
      '<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="font-size:20px;margin:0 0 24px">Nestrado</h1>' +
        '<p style="margin:0 0 16px">Hello &#60;Ana&#62; &#38; &#34;Co&#34;,</p><p style="margin:0 0 16px">Done.</p>' +
        '<p style="margin:24px 0"><a href="https://nestrado.test/dashboard" style="background:#10b981;color:#0b1220;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Go to your dashboard</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">https://nestrado.test/dashboard</p>' +
        '<p style="margin:32px 0 0;font-size:12px;color:#64748b">Nestrado · https://nestrado.test</p></div></body></html>',
    );
    expect(composeMail(brand, 't', 's', [])).toMatchObject({ text: '\n\n— Nestrado' });
  });

  it('composes each body as on its own, whatever brand and button came before', () => {
    // Another brand at the same address, with the same button.
    const other = { name: 'Other & Co', publicUrl: brand.publicUrl };
    const alone = composeMail(other, 't', 's', ['Hi'], button);
    const ours = composeMail(brand, 't', 's', ['Hi'], button);
    expect(ours.html).toContain('<h1 style="font-size:20px;margin:0 0 24px">Nestrado</h1>');
    expect(ours.html).not.toContain('Other');
    const login = { label: 'Log in', url: 'https://nestrado.test/login' };
    expect(composeMail(brand, 't', 's', ['Hi'], login).html).toContain(`href="${login.url}"`);
    const again = composeMail(other, 't', 's', ['Hi'], button);
    expect(again).toEqual(alone);
    expect(again.html).toContain('<h1 style="font-size:20px;margin:0 0 24px">Other &#38; Co</h1>');
    expect(composeMail(brand, 't', 's', ['Hi']).html).not.toContain('<a');
  });

  it('never makes a secret link clickable in the redacted copy, after a plain one or before', () => {
    const url = 'https://nestrado.test/login';
    const plain = () => composeMail(brand, 't', 's', ['Hi'], { label: 'Sign in', url });
    const before = plain();
    const secret = composeSecretMail(brand, 't', 's', ['Hi'], {
      label: 'Sign in',
      url: linkWithSecret(url, {}, { token: 'tok123' }),
    });
    expect(secret.html).not.toContain('href=');
    expect(secret.html).toContain(`${url}?token=${REDACTED}`);
    expect(secret.html).not.toContain('tok123');
    expect(secret.revealed.html).toContain(`href="${url}?token=tok123"`);
    expect(plain()).toEqual(before);
  });
});
