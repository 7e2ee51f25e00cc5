/** Users' phone statuses, roles and field messages (the schemas are in ../user). */
import type { PhoneStatus } from '../user';

export const PHONE_STATUSES = ['available', 'away', 'lunch', 'break', 'busy', 'training', 'coaching', 'on call', 'offline'] as const;
/** The statuses a person can pick from the status menu, in menu order. */
export const SELECTABLE_STATUSES: PhoneStatus[] = ['available', 'away', 'lunch', 'break', 'coaching', 'busy', 'training'];
export const EXTENSION_MESSAGE = 'Extension must be up to 6 digits';
export const NPN_MESSAGE = 'NPN must be up to 10 digits';
export const USER_PHONE_MESSAGE = 'Phone numbers need 10 or 11 digits';
export const GROUP_MESSAGE = 'Groups must be 1 to 40 characters';
/** The roles an employee form offers (super and owner exist, but are not given from it). */
export const EMPLOYEE_ROLES = ['admin', 'employee'] as const;
