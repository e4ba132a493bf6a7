import { DUAL_CONTROL_SETTINGS, type DualControlSetting } from '@app/shared/schemas/approvals';

/**
 * The key a setting_change approval is stored under: the setting itself, or for a change of one
 * payment method or sign-in provider the setting and what it is about (`payment_method:<id>`), so
 * changes of different methods or providers can wait side by side while the same one waits once.
 */
export function settingKeyOf(setting: DualControlSetting, about?: string): string {
  return about === undefined ? setting : `${setting}:${about}`;
}

/** The setting an approval's stored key names (settingKeyOf's inverse), or undefined. */
export function settingOfKey(key: string | null): DualControlSetting | undefined {
  const setting = key?.split(':')[0];
  return DUAL_CONTROL_SETTINGS.find((candidate) => candidate === setting);
}
