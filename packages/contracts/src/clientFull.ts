import { z } from 'zod';
import { clientSchema, clientSummarySchema } from './clients';
import { addressSchema } from './addresses';
import { dependentSchema } from './dependents';
import { policySchema } from './policies';
import { quoteSchema } from './quotes';
import { paymentMethodSchema } from './paymentMethods';
import { miscItemSchema } from './miscItems';
import { linkSchema } from './links';
import { clientTagSchema } from './tags';
import { activitySchema } from './activity';
import { followUpSchema } from './followups';

/** GET /clients/{id}/full: the contact and every sub-record the detail page shows. */
export const clientFullSchema = z.object({
  client: clientSchema,
  summary: clientSummarySchema,
  isFavorite: z.boolean(),
  addresses: z.array(addressSchema),
  dependents: z.array(dependentSchema),
  policies: z.array(policySchema),
  quotes: z.array(quoteSchema),
  paymentMethods: z.array(paymentMethodSchema),
  miscItems: z.array(miscItemSchema),
  links: z.array(linkSchema),
  tags: z.array(clientTagSchema),
  stickies: z.array(activitySchema),
  followUps: z.array(followUpSchema),
});
export type ClientFull = Omit<z.infer<typeof clientFullSchema>, 'quotes'> & { quotes: import('./quotes').Quote[] };
