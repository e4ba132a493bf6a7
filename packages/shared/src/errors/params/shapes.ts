import { z } from 'zod';
import { centsSchema } from '../../schemas/common';

/** The parameters of a code that has none. */
export const none = z.object({});
/** An amount in whole cents (`<name>Cents`, also offered to the texts as `<name>Usd`). */
export const cents = centsSchema;
