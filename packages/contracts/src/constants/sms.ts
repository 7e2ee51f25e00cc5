/** The SMS inbox's statuses, limits, carrier words and messages (the schemas are in ../sms). */
export const SMS_MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'undelivered', 'failed', 'received'] as const;
export const SMS_MESSAGE_TYPES = ['message', 'scheduled', 'campaign', 'status', 'optin'] as const;
/** Unread texts are counted up to this many (a room's and the Messages tab's badge show 99+), so a count never reads a whole room's history. */
export const SMS_UNREAD_CAP = 100;
export const SMS_MESSAGES = {
  optedOut: 'This number has opted out of texts (they replied STOP). They can reply START to receive texts again.',
  disabled: 'Messaging is not enabled for this account.',
  noRoom: 'Error locating room',
  noAgencyNumber: 'The account has no phone number to text from. Add one under Account, Phone Numbers.',
  blocked: 'This number is blocked.',
  campaignNotVerified:
    'Held: carriers block texts from a number without a verified message campaign. Register one for this number under Account, Phone Numbers, then resend.',
  empty: 'Type a message or attach a picture.',
  searchTooShort: 'Needs to be at least 4 characters',
  mediaType: 'Only pictures (JPEG, PNG or GIF) can be texted.',
  mediaTooLarge: 'A picture to text must be 5 MB or less.',
  mediaUnknown: 'That picture was not uploaded here. Attach it again.',
  invalidNumber: 'That is not a valid phone number: a US area code begins with 2 to 9.',
} as const;
/** Pictures a text may carry (MMS): what carriers take, at most 5 MB each and 5 a text. */
export const SMS_MEDIA_LIMITS = { maxBytes: 5 * 1024 * 1024, maxPerText: 5, types: ['image/jpeg', 'image/png', 'image/gif'] } as const;
/** Words that opt a number out of texts, back in, or ask for help (carrier rules). */
export const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_WORDS = ['START', 'YES', 'UNSTOP'] as const;
export const HELP_WORDS = ['HELP', 'INFO'] as const;
/** Scheduled messages (spec 001 §3, §5): at least 30 minutes ahead, on 15-minute steps. */
export const SCHEDULE_MIN_AHEAD_MINUTES = 30;
export const SCHEDULE_STEP_MINUTES = 15;
export const SCHEDULE_MESSAGES = {
  allRequired: 'All fields are required',
  noRoom: 'Error locating room',
  failed: "Unable to schedule message to contact. Please ensure they have a mobile phone assign and that they haven't opted out of receiving messages.",
  tooSoon: `A scheduled text must be at least ${SCHEDULE_MIN_AHEAD_MINUTES} minutes from now.`,
  step: `A scheduled text goes out on a ${SCHEDULE_STEP_MINUTES}-minute step.`,
  cancelled: 'Scheduled message cancelled',
  scheduled: 'Message scheduled',
} as const;
