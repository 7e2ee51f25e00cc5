import { SwapOutlined } from '@ant-design/icons';
import { phoneApi } from '@agency/api-client';
import { CALL_MESSAGES } from '@agency/contracts';
import { TargetDialog } from './TargetDialog';

/** Cold transfer: the caller goes to a colleague or a number, and this leg ends. */
export function TransferDialog({ callSid, open, onClose }: { callSid: string | null; open: boolean; onClose(): void }) {
  return (
    <TargetDialog
      open={open}
      onClose={onClose}
      title="Transfer call"
      hint="The caller is put through; your side of the call ends."
      verb="Transfer"
      icon={<SwapOutlined />}
      onChoose={async (target) => {
        if (!callSid) throw new Error(CALL_MESSAGES.transferMissingId);
        return (await phoneApi.transfer(callSid, target)).message;
      }}
    />
  );
}
