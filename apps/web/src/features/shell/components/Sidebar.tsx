import { Link } from 'react-router';
import { BrandMark } from '../../../ui';
import type { MenuItem } from '../menus';
import { SidebarLanguage } from './AppTopBar';
import { NavMenu } from './NavMenu';

/** The desktop menu: fixed at the left, 300px wide, from 770px up. */
export function Sidebar({ items, home }: { items: MenuItem[]; home: string }) {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-[300px] flex-col border-r border-border bg-surface min-[770px]:flex">
      <div className="flex h-16 items-center border-b border-border px-6">
        <Link to={home} className="rounded-lg">
          <BrandMark />
        </Link>
      </div>
      <NavMenu items={items} />
      <SidebarLanguage />
    </aside>
  );
}
