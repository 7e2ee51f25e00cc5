/** The employee screens' messages, word for word from the spec's catalogue (000 section 8, 002 section 8). */
export const EMPLOYEE_MESSAGES = {
  added: 'Added Profile',
  updated: 'Updated Profile',
  deleted: 'Deleted Profile',
  loadUsersFailed: (message: string) => `Unable to load users: ${message}`,
  loadLocationsFailed: (message: string) => `Unable to get locations: ${message}`,
  createFailed: (message: string) => `Unable to create user: ${message}`,
  updateFailed: (message: string) => `Unable to update user: ${message}`,
  deleteFailed: (message: string) => `Unable to delete user: ${message}`,
  mfaReset: 'MFA reset: they set it up again at their next sign-in',
  mfaResetFailed: (message: string) => `Unable to reset MFA: ${message}`,
};

export const ROLE_LABELS: Record<string, string> = { super: 'Super', owner: 'Owner', admin: 'Admin', employee: 'Employee' };
