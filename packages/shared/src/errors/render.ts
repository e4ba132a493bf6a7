import { z } from 'zod';
import { formatUsd } from '../money';
import { fillTemplate } from '../template';
import { ERROR_PARAMS, type ErrorCode, type ErrorParams } from './codes';
import { ERROR_ENGLISH, ERROR_ENGLISH_CONTEXTS } from './english';

/** What a parameter can be: a text, a whole number (cents, percent) or null. */
export type ParamValues = Readonly<Record<string, string | number | null>>;

/** "$1,000" for whole dollars (as the seed writes plan limits), "$1,000.50" otherwise. */
export function formatPlanAmount(cents: bigint | number): string {
  const text = formatUsd(cents);
  return BigInt(cents) % 100n === 0n ? text.replace(/\.00$/, '') : text;
}

/**
 * The values a code's template is filled with: each parameter as text, and each `<name>Cents`
 * also as `<name>Usd`. Shared by the server's English and the web's i18n.
 */
export function errorValues(params: ParamValues): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    values[name] = value === null ? 'null' : String(value);
    if (name.endsWith('Cents') && typeof value === 'number') {
      values[`${name.slice(0, -'Cents'.length)}Usd`] = formatPlanAmount(value);
    }
  }
  return values;
}

/**
 * The i18next context of a code's parameters: the values of its enum parameters (and `null` for
 * a null one), joined by `_`, e.g. WITHDRAWAL_ALREADY_DECIDED { outcome: 'paid' } → `paid`, so a
 * language can word each case as its grammar needs.
 */
export function errorContext(code: ErrorCode, params: ParamValues): string | undefined {
  const shape: Record<string, z.ZodType> = ERROR_PARAMS[code].shape;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === null) parts.push('null');
    else if (shape[name] instanceof z.ZodEnum) parts.push(String(value));
  }
  return parts.length > 0 ? parts.join('_') : undefined;
}

/** The English message of a code with its parameters: the one English renderer. */
export function englishErrorMessage<C extends ErrorCode>(code: C, params: ErrorParams<C>): string {
  const context = errorContext(code, params);
  const template = (context && ERROR_ENGLISH_CONTEXTS[`${code}_${context}`]) ?? ERROR_ENGLISH[code];
  return fillTemplate(template, errorValues(params));
}
