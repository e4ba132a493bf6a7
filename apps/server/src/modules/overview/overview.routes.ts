import { adminOverviewSchema } from '@app/shared/schemas/overview';
import type { AppContext } from '../../context';
import { adminOverview } from './overview.service';
import { adminRoutes } from '../session';

export function overviewRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    app.get(
      '/',
      { schema: { tags: ['admin'], response: { 200: adminOverviewSchema } } },
      async () => adminOverview(ctx),
    );
  });
}
