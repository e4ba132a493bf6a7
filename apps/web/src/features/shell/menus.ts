import type { ComponentType, SVGProps } from 'react';
import {
  ArrowUpRightIcon,
  ChartIcon,
  HomeIcon,
  InboxIcon,
  ListIcon,
  ShieldIcon,
  SparkIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '../../ui';
import type { Me } from '@app/shared/schemas/auth';

export interface MenuItem {
  to: string;
  /** Key in the `shell` namespace. */
  labelKey: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on this exact path (not its children). */
  end?: boolean;
}

/** Seed section 2: the investor's menu. */
const investorMenu: MenuItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: HomeIcon },
  { to: '/plans', labelKey: 'nav.plans', icon: SparkIcon },
  { to: '/deposits', labelKey: 'nav.deposits', icon: WalletIcon },
  { to: '/withdrawals', labelKey: 'nav.withdrawals', icon: ArrowUpRightIcon },
  { to: '/transactions', labelKey: 'nav.transactions', icon: ListIcon },
  { to: '/referrals', labelKey: 'nav.referrals', icon: UsersIcon },
  { to: '/profile', labelKey: 'nav.profile', icon: UserIcon },
];

/** Lead traders (isTrader) also get their desk, after the investor's pages. */
const traderItem: MenuItem = { to: '/trader', labelKey: 'nav.trader', icon: ChartIcon };

export function userMenuFor(user: Pick<Me, 'isTrader'> | null): MenuItem[] {
  return user?.isTrader ? [...investorMenu, traderItem] : investorMenu;
}

/** Seed section 2: the admin menu, shown on every route containing /admin. */
export const adminMenu: MenuItem[] = [
  { to: '/admin', labelKey: 'nav.adminOverview', icon: ChartIcon, end: true },
  { to: '/admin/users', labelKey: 'nav.adminUsers', icon: UsersIcon },
  { to: '/admin/transactions', labelKey: 'nav.adminTransactions', icon: ListIcon },
  { to: '/admin/approvals', labelKey: 'nav.adminApprovals', icon: ShieldIcon },
  { to: '/admin/verifications', labelKey: 'nav.adminVerifications', icon: ShieldIcon },
  {
    to: '/admin/trader-applications',
    labelKey: 'nav.adminTraderApplications',
    icon: UsersIcon,
  },
  { to: '/admin/plans', labelKey: 'nav.adminPlans', icon: SparkIcon },
  { to: '/admin/payment-methods', labelKey: 'nav.adminPaymentMethods', icon: WalletIcon },
  { to: '/admin/chain-transfers', labelKey: 'nav.adminChainTransfers', icon: WalletIcon },
  { to: '/admin/strategies', labelKey: 'nav.adminStrategies', icon: ArrowUpRightIcon },
  { to: '/admin/messages', labelKey: 'nav.adminMessages', icon: InboxIcon },
  { to: '/admin/outbox', labelKey: 'nav.adminOutbox', icon: InboxIcon },
  { to: '/admin/audit', labelKey: 'nav.adminAudit', icon: ShieldIcon },
];

export function isAdminPath(pathname: string): boolean {
  return pathname.includes('/admin');
}
