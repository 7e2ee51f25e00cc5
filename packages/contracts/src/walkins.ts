import { z } from 'zod';
import { idSchema } from './common';

/*
 * Walk-ins (the route /walkins; the spec names only the route): people who came to the front
 * desk, waiting to be seen. Everyone of the account sees the same list, live.
 */
export const WALKIN_STATUSES = ['waiting', 'seen', 'done'] as const;
export type WalkInStatus = (typeof WALKIN_STATUSES)[number];

export interface WalkIn {
  id: string;
  /** The person's name as given at the desk (the client's when linked). */
  name: string;
  client: { id: string; name: string } | null;
  reason: string;
  status: WalkInStatus;
  arrivedAt: string;
  seenAt: string | null;
  doneAt: string | null;
  assignedTo: { id: string; firstName: string; lastName: string } | null;
}

export const walkInCreateSchema = z.object({
  name: z.string().trim().max(120).default(''),
  client: idSchema.nullable().default(null),
  reason: z.string().trim().min(1, 'Say why they came in').max(500),
});
export type WalkInCreate = z.input<typeof walkInCreateSchema>;

export const walkInUpdateSchema = z
  .object({
    status: z.enum(WALKIN_STATUSES),
    assignedTo: idSchema.nullable(),
    client: idSchema.nullable(),
    reason: z.string().trim().min(1).max(500),
  })
  .partial();
export type WalkInUpdate = z.input<typeof walkInUpdateSchema>;

export const WALKIN_MESSAGES = {
  nameOrClient: 'Give a name or choose a client',
  checkedIn: (name: string) => `${name} checked in`,
  assigned: (name: string) => `${name} is waiting for you at the front desk`,
} as const;
