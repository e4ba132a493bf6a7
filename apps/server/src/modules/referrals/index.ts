/** The referrals module's face (the referral bonus): what other modules and the app's wiring use. */
export {
  DEFAULT_REFERRAL_BONUS_CENTS,
  creditReferralBonus,
  referralBonusCents,
} from './referral-bonus';
