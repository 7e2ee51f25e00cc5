/** Trainings' tags and feedback wording (the schemas are in ../trainings). */
export const TRAINING_TAGS = ['new', 'setup', 'dashboard', 'tasks', 'team', 'contacts', 'messages', 'phone'] as const;
export const FEEDBACK_CATEGORIES = ['Issue', 'Question', 'Feature Request', 'Other'] as const;
export const FEEDBACK_MESSAGES = {
  sent: 'Feedback was sent to our support group.  Thank You!',
  failed: 'Error sending feedback.  Please contact us directly.  Thank You!',
} as const;
