import { useEffect, useRef } from 'react';
import { App, Button, Space } from 'antd';
import { bus } from '@agency/bus';
import { pastDueFollowUpText, type FollowUp } from '@agency/contracts';
import { followUpsApi } from '@agency/api-client';
import { withToasts } from '@agency/ui';
import { MSG } from '../common/messages';

const IGNORED_KEY = 'agency.contacts.ignoredPastDue';
const POLL_MS = 60_000;

const ignored = (): string[] => {
  try {
    return JSON.parse(sessionStorage.getItem(IGNORED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};
const ignore = (id: string) => sessionStorage.setItem(IGNORED_KEY, JSON.stringify([...new Set([...ignored(), id])]));

/** Past due: at or before now, assigned to the team, to me, or to myself by me. */
export function isMinePastDue(f: FollowUp, userId: string, now = Date.now()): boolean {
  if (!f.isActive || Date.parse(f.date) > now) return false;
  if (f.assignTo === 'team') return true;
  if (f.assignTo === 'self') return f.createdByUser === userId;
  return f.assignTo === 'peer' && f.user === userId;
}

/** The persistent 'Past Due Follow Up: {note}' warnings, each with Ignore and Complete. */
export function PastDueWarnings() {
  const { notification } = App.useApp();
  const shown = useRef(new Set<string>());
  useEffect(() => {
    let live = true;
    const check = async () => {
      const userId = bus.session$.value?.user.id;
      if (!userId) return;
      let due: FollowUp[];
      try {
        due = await followUpsApi.bucket('pastDue');
      } catch {
        return;
      }
      if (!live) return;
      const skip = ignored();
      for (const f of due) {
        if (!isMinePastDue(f, userId) || skip.includes(f.id) || shown.current.has(f.id)) continue;
        shown.current.add(f.id);
        const key = `pastdue-${f.id}`;
        notification.warning({
          key,
          title: pastDueFollowUpText(f.note || f.clientName || 'Follow up'),
          description: f.clientName ?? undefined,
          duration: 0,
          // below the content, so the header's controls (profile, status, the phone) stay in reach
          placement: 'bottomRight',
          onClose: () => shown.current.delete(f.id),
          actions: (
            <Space>
              <Button
                size="small"
                onClick={() => {
                  ignore(f.id);
                  notification.destroy(key);
                }}
              >
                Ignore
              </Button>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  void withToasts(followUpsApi.complete(f.id), MSG.followUpCompleted, MSG.followUpFailed)
                    .then(() => notification.destroy(key))
                    .catch(() => undefined);
                }}
              >
                Complete
              </Button>
            </Space>
          ),
        });
      }
    };
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [notification]);
  return null;
}
