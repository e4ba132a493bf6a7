// The shared one in ui/ (default delay 300 ms); kept here so the referrals page's import stays.
export { useDebouncedValue } from '../../ui/useDebouncedValue';
