import { CONTACT_MESSAGES } from '@agency/contracts';

/**
 * The catalogue of spec section 8 (CONTACT_MESSAGES), plus the few the spec leaves unworded:
 * creating a note and the follow-up actions.
 */
export const MSG = {
  ...CONTACT_MESSAGES,
  noteAdded: 'Note Added',
  noteCreateFailed: (msg?: string | null) => `There was an error creating note.  ${msg ?? ''}`,
  followUpAdded: 'Follow Up Added',
  followUpUpdated: 'Follow Up Updated',
  followUpCompleted: 'Follow Up Completed',
  followUpRemoved: 'Follow Up Removed',
  followUpFailed: (msg?: string | null) => `There was an error saving the follow up.  ${msg ?? ''}`,
} as const;
