/** Campaigns' option lists and messages (the schedule's arithmetic is in ./campaignSchedule, the schemas in ../campaigns). */
import type { CampaignSummary, ScheduleFields, CampaignOccurrence } from '../campaigns';

export const CAMPAIGN_FORMATS = ['sms', 'email'] as const;
export const CAMPAIGN_TARGETS = ['client', 'subClient', 'both'] as const;
export const CAMPAIGN_OCCURRENCES = ['field', 'once', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export const CAMPAIGN_END_FORMATS = ['never', 'on', 'after'] as const;
export const CAMPAIGN_PAGE_SIZES = [5, 10, 25, 50] as const;
export const CAMPAIGN_START_STEP_MINUTES = 30;
/** The client field a `field` occurrence follows (its month and day, every year). */
export const CAMPAIGN_FIELDS = ['dob'] as const;
export const CAMPAIGN_MESSAGES = {
  created: 'Campaign Created',
  updated: 'Campaign Updated',
  createFailed: (server: string) => `There was an error creating campaign.  ${server}`,
  updateFailed: (server: string) => `There was an error updating campaign.  ${server}`,
  deleteConfirm: (name: string) => `Are you sure want to delete campaign ${name}`,
  noTemplate: (type: string) => `Unable to find template for ${type}`,
  historyDetailsFailed: 'Unable to get campaign history details, please try again.',
  historyFailed: 'Unable to get campaign history, please try again.',
  historyFailedSupport: 'Unable to get campaign history, please contact tech support.',
  loadFailed: 'Unable to get campaigns',
  loadOneFailed: 'Unable to get campaign',
  deleteFailed: 'Unable to delete campaign',
  notFound: 'Campaign not found',
  emailUnavailable: 'E-mail campaigns are not available for this account; choose Message.',
  nameRequired: 'A campaign needs a name.',
  tagsRequired: 'Choose at least one tag.',
  contentRequired: 'Type the message.',
  occurrenceRequired: 'Choose when it runs.',
  startStep: 'The start time must be on the hour or the half hour.',
  weekdaysRequired: 'Choose at least one weekday.',
  endDateRequired: 'Choose the date it stops on.',
  unknownTag: 'One of the tags no longer exists.',
} as const;
/** Why a recipient got no text (the run detail's comment). */
export const CAMPAIGN_SKIP_REASONS = {
  'no-number': 'No mobile number',
  'opted-out': 'Opted out (replied STOP)',
  blocked: 'Number is blocked',
  'messaging-disabled': 'Texting is turned off for the account',
  stopped: 'Campaign stopped before this text was sent',
} as const;
/** A run detail's comment for a text held for quiet hours (21:00-8:00 in the sending number's time zone). */
export const CAMPAIGN_HELD_COMMENT = 'Held for quiet hours: it goes at 8:00';
/** Success percent as the dashboard shows it: delivered / sent * 100, two decimals. */
export const campaignSuccessPercent = (s: Pick<CampaignSummary, 'sent' | 'delivered'>) => (s.sent ? ((s.delivered / s.sent) * 100).toFixed(2) : '0.00');
/**
 * What a change of occurrence resets (spec 001 §4): once clears the interval, ends never and clears
 * the end value; daily clears interval, intervalOn and end value; weekly clears the interval and
 * starts with no weekdays; monthly and yearly clear interval and intervalOn.
 */
export function resetForOccurrence<T extends Partial<ScheduleFields>>(s: T, occurrence: CampaignOccurrence): T {
  const next = { ...s, scheduleOccurrence: occurrence };
  switch (occurrence) {
    case 'once':
      return { ...next, scheduleInterval: null, scheduleEndFormat: 'never', scheduleEndValue: null };
    case 'daily':
      return { ...next, scheduleInterval: null, scheduleIntervalOn: null, scheduleEndValue: null };
    case 'weekly':
      return { ...next, scheduleInterval: null, scheduleIntervalOn: [] };
    case 'monthly':
    case 'yearly':
      return { ...next, scheduleInterval: null, scheduleIntervalOn: null };
    case 'field':
      return { ...next, scheduleInterval: null, scheduleIntervalOn: 'dob' };
  }
}
/** Wizard step completeness (spec 001 §4). */
export function campaignStepsComplete(c: {
  name?: string;
  targetTags?: string[];
  content?: string;
  scheduleOccurrence?: string | null;
}): [boolean, boolean, boolean, boolean] {
  return [!!c.name?.trim(), !!c.targetTags?.length, !!c.content?.trim(), !!c.scheduleOccurrence];
}
/** The "after N" label: 'occurrence' for 1, otherwise 'occurrences'. */
export const occurrenceWord = (n: number) => (n === 1 ? 'occurrence' : 'occurrences');
/** Campaign detail phone format (spec 001 §9): +# ###-###-#### above 10 digits, otherwise ###-###-####. */
export function campaignPhone(value: string): string {
  const d = value.replace(/\D/g, '');
  if (d.length > 10) return `+${d.slice(0, d.length - 10)} ${d.slice(-10, -7)}-${d.slice(-7, -4)}-${d.slice(-4)}`;
  if (d.length === 10) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return value;
}
