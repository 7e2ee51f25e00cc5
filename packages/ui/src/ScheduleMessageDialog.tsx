import { lazy, Suspense } from 'react';
import { SCHEDULE_MIN_AHEAD_MINUTES, SCHEDULE_STEP_MINUTES, type ScheduledMessageInput } from '@agency/contracts';
import { nextSlot } from './slots';

/** The earliest a text may be scheduled: 30 minutes from now, on the next quarter hour. */
export const earliestSlot = (now = new Date()) => nextSlot(new Date(now.getTime() + (SCHEDULE_MIN_AHEAD_MINUTES - 1) * 60_000), SCHEDULE_STEP_MINUTES);

export interface ScheduleMessageDialogProps {
  open: boolean;
  /** The numbers it may go to (mobiles), the first chosen. */
  recipients: Array<{ phone: string; label: string }>;
  client: string | null;
  smsRoom: string | null;
  /** Saves it; a refusal's message is shown as it is. */
  schedule(input: ScheduledMessageInput): Promise<unknown>;
  onClose(): void;
  onScheduled(): void;
}

// The dialog's code (and antd's Form) loads when a screen first draws it, open or not (FormDialog.tsx).
const Body = lazy(() => import('./ScheduleMessageDialogBody'));

/**
 * Schedule a text (spec 001 §5), from a room or a contact. Enter schedules it, Esc closes. No
 * mobile number: the spec's refusal, and nothing to fill in.
 */
export function ScheduleMessageDialog(props: ScheduleMessageDialogProps) {
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  );
}
