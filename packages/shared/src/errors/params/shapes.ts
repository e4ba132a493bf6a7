import { z } from 'zod';

/** The parameters of a code that has none. */
export const none = z.object({});
/** An amount in whole cents (`<name>Cents`, also offered to the texts as `<name>Usd`). */
export const cents = z.number().int();
