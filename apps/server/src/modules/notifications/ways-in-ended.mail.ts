import type { NotificationLanguage } from '@app/shared/schemas/notifications';
import { composeMail, type Brand, type MailContent } from '../mail';

/**
 * Why the other ways into an account (personal API tokens, linked sign-in providers) were ended,
 * as the e-mail to its owner says it, in the owner's language (their notification language).
 */
export type WaysInReason =
  | 'password_changed'
  | 'password_reset'
  | 'email_changed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'sessions_revoked'
  | 'provider_changed'
  | 'provider_removed';

export interface EndedWaysIn {
  reason: WaysInReason;
  /** Personal API tokens that stopped working. */
  tokens: number;
  /** The providers whose links were removed (their display names). */
  providers: string[];
}

interface Words {
  subject: (brand: string) => string;
  hello: (name: string) => string;
  because: Record<WaysInReason, (providers: string) => string>;
  tokens: (count: number) => string;
  providers: (names: string) => string;
  again: string;
  notYou: string;
  action: string;
}

const en: Words = {
  subject: (brand) => `Access to your ${brand} account was ended`,
  hello: (name) => `Hello ${name},`,
  because: {
    password_changed: () => 'Your password was changed.',
    password_reset: () => 'Your password was reset with a link sent to this address.',
    email_changed: () => 'The e-mail address of your account was changed.',
    two_factor_enabled: () => 'Two-factor authentication was turned on for your account.',
    two_factor_disabled: () => 'Two-factor authentication was turned off for your account.',
    sessions_revoked: () => 'The platform signed your account out everywhere.',
    provider_changed: (providers) =>
      `The platform changed the configuration of the sign-in provider ${providers}.`,
    provider_removed: (providers) => `The platform removed the sign-in provider ${providers}.`,
  },
  tokens: (count) =>
    count === 1
      ? 'Your personal API token was revoked: scripts using it no longer work.'
      : `Your ${count} personal API tokens were revoked: scripts using them no longer work.`,
  providers: (names) => `Your sign-in through ${names} was unlinked.`,
  again:
    'You can create new tokens on your profile. To sign in with a provider again, choose "Continue with …": you will be asked for your password once to link it.',
  notYou: 'If you did not do this, reset your password at once and contact support.',
  action: 'Open your profile',
};

const es: Words = {
  subject: (brand) => `Se ha cerrado el acceso a su cuenta de ${brand}`,
  hello: (name) => `Hola ${name}:`,
  because: {
    password_changed: () => 'Se ha cambiado su contraseña.',
    password_reset: () =>
      'Se ha restablecido su contraseña con un enlace enviado a esta dirección.',
    email_changed: () => 'Se ha cambiado la dirección de correo electrónico de su cuenta.',
    two_factor_enabled: () => 'Se ha activado la autenticación en dos pasos de su cuenta.',
    two_factor_disabled: () => 'Se ha desactivado la autenticación en dos pasos de su cuenta.',
    sessions_revoked: () => 'La plataforma ha cerrado todas las sesiones de su cuenta.',
    provider_changed: (providers) =>
      `La plataforma ha cambiado la configuración del proveedor de inicio de sesión ${providers}.`,
    provider_removed: (providers) =>
      `La plataforma ha retirado el proveedor de inicio de sesión ${providers}.`,
  },
  tokens: (count) =>
    count === 1
      ? 'Se ha revocado su token de API personal: los scripts que lo usan ya no funcionan.'
      : `Se han revocado sus ${count} tokens de API personales: los scripts que los usan ya no funcionan.`,
  providers: (names) => `Se ha desvinculado su inicio de sesión a través de ${names}.`,
  again:
    'Puede crear tokens nuevos en su perfil. Para volver a iniciar sesión con un proveedor, elija «Continuar con …»: se le pedirá su contraseña una vez para vincularlo.',
  notYou: 'Si no ha sido usted, restablezca su contraseña de inmediato y contacte con soporte.',
  action: 'Abrir su perfil',
};

const de: Words = {
  subject: (brand) => `Der Zugang zu Ihrem ${brand}-Konto wurde beendet`,
  hello: (name) => `Hallo ${name},`,
  because: {
    password_changed: () => 'Ihr Passwort wurde geändert.',
    password_reset: () =>
      'Ihr Passwort wurde über einen an diese Adresse gesendeten Link zurückgesetzt.',
    email_changed: () => 'Die E-Mail-Adresse Ihres Kontos wurde geändert.',
    two_factor_enabled: () => 'Die Zwei-Faktor-Authentifizierung Ihres Kontos wurde eingeschaltet.',
    two_factor_disabled: () =>
      'Die Zwei-Faktor-Authentifizierung Ihres Kontos wurde ausgeschaltet.',
    sessions_revoked: () => 'Die Plattform hat Ihr Konto überall abgemeldet.',
    provider_changed: (providers) =>
      `Die Plattform hat die Einstellungen des Anmeldeanbieters ${providers} geändert.`,
    provider_removed: (providers) => `Die Plattform hat den Anmeldeanbieter ${providers} entfernt.`,
  },
  tokens: (count) =>
    count === 1
      ? 'Ihr persönliches API-Token wurde widerrufen: Skripte, die es nutzen, funktionieren nicht mehr.'
      : `Ihre ${count} persönlichen API-Tokens wurden widerrufen: Skripte, die sie nutzen, funktionieren nicht mehr.`,
  providers: (names) => `Ihre Anmeldung über ${names} wurde getrennt.`,
  again:
    'Neue Tokens können Sie in Ihrem Profil erstellen. Um sich wieder über einen Anbieter anzumelden, wählen Sie „Weiter mit …“: Zum Verknüpfen wird einmal Ihr Passwort abgefragt.',
  notYou:
    'Wenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an den Support.',
  action: 'Profil öffnen',
};

const WORDS: Record<NotificationLanguage, Words> = { en, es, de };

/** Reasons the owner may not have caused themselves: the mail says what to do if it was not them. */
const OWNER_EVENTS: ReadonlySet<WaysInReason> = new Set([
  'password_changed',
  'password_reset',
  'email_changed',
  'two_factor_enabled',
  'two_factor_disabled',
]);

/** The e-mail telling the owner what was ended and why. */
export function waysInEndedMail(
  brand: Brand,
  language: NotificationLanguage,
  name: string,
  ended: EndedWaysIn,
): MailContent {
  const w = WORDS[language];
  const names = ended.providers.join(', ');
  const paragraphs = [w.hello(name), w.because[ended.reason](names)];
  if (ended.tokens > 0) paragraphs.push(w.tokens(ended.tokens));
  if (ended.providers.length > 0) paragraphs.push(w.providers(names));
  paragraphs.push(w.again);
  if (OWNER_EVENTS.has(ended.reason)) paragraphs.push(w.notYou);
  return composeMail(brand, 'ways_in_ended', w.subject(brand.name), paragraphs, {
    label: w.action,
    url: `${brand.publicUrl}/profile`,
  });
}
