import { englishRule, readRule, type BrokenRule } from '@app/shared/rules';
import { i18n } from '../i18n';

/**
 * A schema rule's message is its code and values (`rule()` in packages/shared/src/rules.ts), never
 * a sentence. The `validation` namespace (features/validation/locales) holds each rule's text per
 * language, one key per code.
 */
export const VALIDATION_NAMESPACE = 'validation';

/** A broken rule in the language on screen (English, the shared text, until the texts load). */
export function renderRule(broken: BrokenRule): string {
  if (!i18n.exists(broken.code, { ns: VALIDATION_NAMESPACE })) return englishRule(broken);
  return i18n.t(broken.code, { ns: VALIDATION_NAMESPACE, ...broken.values });
}

/**
 * A form field's message in the language on screen: a schema rule's message rendered from its code,
 * anything else (a server refusal already rendered from its code) as it is.
 */
export function translateMessage(message: string | undefined): string {
  if (!message) return '';
  const broken = readRule(message);
  return broken ? renderRule(broken) : message;
}
