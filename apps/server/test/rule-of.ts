import { RULE_CODES, RULE_ENGLISH, type RuleCode } from '@app/shared/rules';

/**
 * The params of a VALIDATION_FAILED answer whose English message is a rule without values: the
 * rule's code, found from the English text the test expects (tests only: the app never looks a
 * sentence up).
 */
export function ruleParams(message: string): { rule: RuleCode } {
  const code = RULE_CODES.find((candidate) => RULE_ENGLISH[candidate] === message);
  if (!code) throw new Error(`no rule reads "${message}"`);
  return { rule: code };
}
