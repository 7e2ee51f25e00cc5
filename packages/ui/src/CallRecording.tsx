import { phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { CALL_MESSAGES, isAdminRole, type CallLogEntry } from '@agency/contracts';
import { RecordingPlayer } from './RecordingPlayer';
import { useObservable } from './theme';

/**
 * A logged call's recording wherever calls are listed (the call log, a contact's Calls tab):
 * played on demand, and deletable by owners and admins (the server allows no one else), after
 * which `onDeleted` refreshes the list.
 */
export function CallRecording({ call, onDeleted }: { call: Pick<CallLogEntry, 'id' | 'recording'>; onDeleted?: () => void }) {
  const session = useObservable(bus.session$);
  if (!call.recording) return null;
  const { sid, duration } = call.recording;
  return (
    <RecordingPlayer
      duration={duration}
      load={() => phoneApi.recordingAudio(call.id)}
      failed={CALL_MESSAGES.recordingsFailed}
      onDelete={
        isAdminRole(session?.user.role)
          ? async () => {
              await phoneApi.deleteRecording(call.id, sid);
              onDeleted?.();
            }
          : undefined
      }
    />
  );
}
