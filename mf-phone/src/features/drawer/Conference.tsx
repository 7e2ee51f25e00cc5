import { useEffect, useState } from 'react';
import { Avatar, Button, Tag, theme, Tooltip, Typography } from 'antd';
import { LogoutOutlined, PauseCircleOutlined, PlayCircleOutlined, SoundOutlined, UserAddOutlined, UserDeleteOutlined, UserOutlined } from '@ant-design/icons';
import { errorMessage, phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { CONFERENCE_MESSAGES, participantName, type Conference, type ConferenceParticipant } from '@agency/contracts';
import { formatPhone, initials } from '@agency/ui';
import type { ActiveCall } from '../device/softphone';
import { TargetDialog } from './TargetDialog';

/*
 * The call's conference (spec 000 "Active call panel": participants, hold, leave): who is on the
 * call, held or ringing, kept live by conference_update. A call of two has none until someone
 * adds a participant or holds it.
 */
export function useConference(call: ActiveCall): { conference: Conference | null; speaking: ReadonlySet<string> } {
  const [conference, setConference] = useState<Conference | null>(null);
  const [speaking, setSpeaking] = useState<ReadonlySet<string>>(new Set());
  const phoneId = conference?.phoneId ?? null;
  useEffect(() => {
    setSpeaking(new Set());
    if (!phoneId) return;
    const sub = bus.on('volume').subscribe((v) => {
      if (v.phoneId !== phoneId) return;
      setSpeaking((now) => {
        const next = new Set(now);
        if (v.speaking) next.add(v.label);
        else next.delete(v.label);
        return next;
      });
    });
    return () => sub.unsubscribe();
  }, [phoneId]);
  const sid = call.status === 'open' ? call.sid : null;
  useEffect(() => {
    setConference(null);
    if (!sid) return;
    const mine = (c: Conference) => c.participants.some((p) => p.callSid === sid);
    const sub = bus.on('conference_update').subscribe(({ conference: c }) => {
      if (mine(c)) setConference(c.ended ? null : c);
    });
    // Joined into a colleague's conference: it is there already.
    if (call.kind)
      phoneApi.conference(sid).then(
        (c) => setConference((now) => now ?? c),
        () => undefined,
      );
    return () => sub.unsubscribe();
  }, [sid, call.kind]);
  return { conference, speaking };
}

const present = (c: Conference | null) => c?.participants.filter((p) => p.status !== 'left') ?? [];

/** More than two talking on the call: one may leave it to the others (a coach may always leave). */
export const canLeave = (c: Conference | null, coaching = false) => coaching || present(c).filter((p) => !p.coaching).length > 2;

function notify(work: Promise<unknown>) {
  work.catch((err: unknown) => bus.toast({ kind: 'error', message: errorMessage(err) }));
}

/**
 * Hold, Add Participant and Leave Call for a call in progress. Leave Call is answered by the server
 * once the carrier let this leg go; `onLeft` then ends it here too (the carrier's own hangup may be
 * lost with a signalling line that dropped). A leave that did not happen is said, never silent.
 */
export function ConferenceControls({ call, conference, onLeft }: { call: ActiveCall; conference: Conference | null; onLeft: () => void }) {
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const sid = call.sid;
  const onHold = conference?.onHold ?? false;
  const coaching = call.kind === 'COACHING';
  const onCall = present(conference)
    .map((p) => p.userId)
    .filter((id): id is string => !!id);
  if (!sid || call.status !== 'open') return null;
  const hold = () => {
    setBusy(true);
    notify(phoneApi.holdCall(sid, !onHold).finally(() => setBusy(false)));
  };
  const leave = () => {
    setLeaving(true);
    bus
      .request('conference_leave', { callSid: sid })
      .then(onLeft, (err: unknown) => bus.toast({ kind: 'error', message: `${CONFERENCE_MESSAGES.leaveFailed} ${errorMessage(err)}` }))
      .finally(() => setLeaving(false));
  };
  return (
    <>
      {!coaching && (
        <Button icon={onHold ? <PlayCircleOutlined /> : <PauseCircleOutlined />} aria-pressed={onHold} loading={busy} onClick={hold}>
          {onHold ? CONFERENCE_MESSAGES.resume : CONFERENCE_MESSAGES.hold}
        </Button>
      )}
      {!coaching && (
        <Button icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
          {CONFERENCE_MESSAGES.addParticipant}
        </Button>
      )}
      {conference && canLeave(conference, coaching) && (
        <Button icon={<LogoutOutlined />} loading={leaving} onClick={leave} style={{ gridColumn: '1 / -1' }}>
          {CONFERENCE_MESSAGES.leave}
        </Button>
      )}
      <TargetDialog
        open={adding}
        onClose={() => setAdding(false)}
        title={CONFERENCE_MESSAGES.addParticipant}
        hint="They are called into this call; everyone on it hears them."
        verb="Add"
        icon={<UserAddOutlined />}
        exclude={onCall}
        onChoose={async (target) => {
          await phoneApi.addParticipant(sid, target);
          return CONFERENCE_MESSAGES.added;
        }}
      />
    </>
  );
}

function ParticipantRow({ participant: p, me, callSid, speaking }: { participant: ConferenceParticipant; me: boolean; callSid: string; speaking: boolean }) {
  const { token } = theme.useToken();
  const name = participantName(p, formatPhone) || 'Caller';
  const others = !me && p.status !== 'left';
  return (
    <li style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}>
      <Avatar
        size={28}
        src={p.avatar ?? undefined}
        icon={p.userId ? undefined : <UserOutlined />}
        style={speaking ? { boxShadow: `0 0 0 2px ${token.colorSuccess}` } : undefined}
      >
        {p.userId ? initials(p) : null}
      </Avatar>
      <span style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text ellipsis style={{ display: 'block' }}>
          {me ? `${name} (you)` : name}
        </Typography.Text>
        <span style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          {p.isHost && <Tag variant="filled">Host</Tag>}
          {p.coaching && <Tag color="purple">Coach</Tag>}
          {p.status === 'ringing' && <Tag color="gold">Ringing</Tag>}
          {p.onHold && <Tag color="orange">On hold</Tag>}
          {p.muted && <Tag>Muted</Tag>}
          {speaking && !p.onHold && !p.muted && (
            <Tag color="green" icon={<SoundOutlined />}>
              Talking
            </Tag>
          )}
        </span>
      </span>
      {others && p.status === 'joined' && !p.coaching && (
        <Tooltip title={p.onHold ? CONFERENCE_MESSAGES.resume : CONFERENCE_MESSAGES.hold}>
          <Button
            size="small"
            type="text"
            aria-label={`${p.onHold ? CONFERENCE_MESSAGES.resume : CONFERENCE_MESSAGES.hold} ${name}`}
            icon={p.onHold ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
            onClick={() => notify(phoneApi.updateParticipant(callSid, p.label, { onHold: !p.onHold }))}
          />
        </Tooltip>
      )}
      {others && (
        <Tooltip title="Remove">
          <Button
            size="small"
            type="text"
            danger
            aria-label={`Remove ${name}`}
            icon={<UserDeleteOutlined />}
            onClick={() => notify(phoneApi.removeParticipant(callSid, p.label))}
          />
        </Tooltip>
      )}
    </li>
  );
}

/** Who is on the call, once it is a conference. */
export function ParticipantList({ call, conference, speaking }: { call: ActiveCall; conference: Conference | null; speaking: ReadonlySet<string> }) {
  const people = present(conference);
  if (!call.sid || people.length === 0) return null;
  return (
    <section aria-label="Participants">
      <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.4 }}>
        Participants ({people.length})
      </Typography.Text>
      <ul aria-label="Participants on the call" style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
        {people.map((p) => (
          <ParticipantRow key={p.label} participant={p} me={p.callSid === call.sid} callSid={call.sid!} speaking={speaking.has(p.label)} />
        ))}
      </ul>
    </section>
  );
}
