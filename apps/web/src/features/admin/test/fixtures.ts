import { userFixture } from '../../../test/fixtures';

/** Jane as the back office lists her (the user fields and `deleted`). */
export const jane = {
  ...userFixture({
    id: '11111111-1111-4111-8111-111111111111',
    phone: '+1 555 0100',
    activatedAt: '2026-01-03T10:00:00.000Z',
  }),
  deleted: false,
};
