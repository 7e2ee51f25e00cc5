import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Col, Row, Space, Tabs, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  BellOutlined,
  DeleteOutlined,
  EditOutlined,
  MergeCellsOutlined,
  StarFilled,
  StarOutlined,
  TagsOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { bus } from '@agency/bus';
import { SCHEDULE_MESSAGES, type ClientLevel } from '@agency/contracts';
import { errorMessage, favoritesApi, smsApi } from '@agency/api-client';
import { notifyError, notifySuccess, ScheduleMessageDialog, useObservable } from '@agency/ui';
import { ActivityFeed } from '../activity/ActivityFeed';
import { TagsPanel } from '../tags/TagsPanel';
import { AssignTagsDialog } from '../tags/AssignTagsDialog';
import { FollowUpDialog } from '../followups/FollowUpDialog';
import { SplitDialog } from '../household/SplitDialog';
import { MergeDialog } from '../household/MergeDialog';
import { AssignToDialog } from '../household/AssignToDialog';
import { ReferredByDialog } from '../household/ReferredByDialog';
import { DefaultLocationDialog } from '../household/DefaultLocationDialog';
import { useClientRatings } from '../reviews/useClientRatings';
import { SendReviewDialog } from '../reviews/SendReviewDialog';
import { BlockPhoneDialog } from '../household/BlockPhoneDialog';
import { DeleteContactDialog } from '../household/DeleteContactDialog';
import { PinnedAddresses } from '../addresses/PinnedAddresses';
import { DependentsSection } from '../dependents/DependentsSection';
import { ContactCard, type CardAction } from './ContactCard';
import { ContactProvider, useClientFull } from './ContactContext';
import { RecordTabs } from './RecordTabs';
import { CallsTab } from '../calls/CallsTab';
import { TasksTab } from '../tasks/TasksTab';
import { SummaryStrip, type SummaryAction } from './SummaryStrip';
import { hasPerson, personName, personOf, type Person } from './person';

/** The household's mobiles the text may go to, the chosen person's first. */
const mobilesOf = (people: Person[]) => people.filter((p) => p.mobilePhone).map((p) => ({ phone: p.mobilePhone!, label: personName(p) || 'Mobile' }));

type Dialog =
  | { kind: 'split'; level: ClientLevel }
  | { kind: 'delete'; level: ClientLevel }
  | { kind: 'review'; level: ClientLevel }
  | { kind: 'schedule'; level: ClientLevel }
  | { kind: 'block'; number: string }
  | { kind: 'merge' | 'followUp' | 'tags' | 'location' | 'managedBy' | 'referredBy' };

/** /contacts/contact/{id}: the summary strip, the household's cards, its records, activity and tags. */
export function ContactDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const { full, error, reload } = useClientFull(id);
  const [reviewsAsked, setReviewsAsked] = useState(0);
  const ratings = useClientRatings(id, full ? `${full.client.updatedAt}#${reviewsAsked}` : undefined);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [favorite, setFavorite] = useState<boolean | null>(null);

  if (!id) return <Navigate to="/contacts" replace />;
  if (error && !full) {
    return (
      <Space orientation="vertical">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/contacts')}>
          Contacts
        </Button>
        <Alert type="error" showIcon title={errorMessage(error)} />
      </Space>
    );
  }
  if (!full) return <Typography.Text role="status">Loading...</Typography.Text>;

  const client = full.client;
  const primary = personOf(client, 'primary');
  const secondary = personOf(client, 'secondary');
  const hasSecondary = client.hasDual || hasPerson(secondary);
  const name = personName(primary) || 'Contact';
  const isFavorite = favorite ?? full.isFavorite;
  const close = () => setDialog(null);
  const canReview = session?.account.serviceReviewEnabled ?? false;

  const toggleFavorite = async () => {
    if (!session) return;
    const next = !isFavorite;
    setFavorite(next);
    try {
      await (next ? favoritesApi.add(session.user.id, id) : favoritesApi.remove(session.user.id, id));
    } catch (err) {
      setFavorite(!next);
      notifyError(errorMessage(err));
    }
  };
  const cardAction = (level: ClientLevel) => (action: CardAction, extra?: string) => {
    if (action === 'edit') navigate(`/contacts/contact/${id}/${level === 'primary' ? 'general' : 'secondary'}/edit`);
    else if (action === 'split') setDialog({ kind: 'split', level });
    else if (action === 'delete') setDialog({ kind: 'delete', level });
    else if (action === 'review') setDialog({ kind: 'review', level });
    else if (action === 'schedule') setDialog({ kind: 'schedule', level });
    else if (action === 'block' && extra) setDialog({ kind: 'block', number: extra });
  };
  const summaryAction = (a: SummaryAction) => setDialog({ kind: a });

  return (
    <ContactProvider value={{ id, full, reload }}>
      <Space style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', marginBottom: 12 }}>
        <Space>
          <Tooltip title="Back to contacts">
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Back to contacts" onClick={() => navigate('/contacts')} />
          </Tooltip>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="contact-title">
            {name}
          </Typography.Title>
          <Tooltip title={isFavorite ? 'Unfavorite' : 'Favorite'}>
            <Button
              type="text"
              shape="circle"
              aria-label={isFavorite ? 'Unfavorite' : 'Favorite'}
              aria-pressed={isFavorite}
              icon={isFavorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => void toggleFavorite()}
            />
          </Tooltip>
        </Space>
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={() => navigate(`/contacts/contact/${id}/edit`)}>
            Edit
          </Button>
          <Button icon={<BellOutlined />} onClick={() => setDialog({ kind: 'followUp' })}>
            Follow Up
          </Button>
          <Button icon={<TagsOutlined />} onClick={() => setDialog({ kind: 'tags' })}>
            Assign Tags
          </Button>
          <Button icon={<MergeCellsOutlined />} onClick={() => setDialog({ kind: 'merge' })}>
            Merge
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={() => setDialog({ kind: 'delete', level: 'primary' })}>
            Delete
          </Button>
        </Space>
      </Space>
      <SummaryStrip summary={full.summary} showLocation={(session?.account.locationCount ?? 0) > 1} onAction={summaryAction} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <Row gutter={[12, 12]}>
            <Col xs={24} md={12}>
              <ContactCard
                clientId={id}
                level="primary"
                person={primary}
                onAction={cardAction('primary')}
                canSplit={hasSecondary}
                rating={ratings.primary}
                canReview={canReview}
              />
            </Col>
            <Col xs={24} md={12}>
              {hasSecondary ? (
                <ContactCard
                  clientId={id}
                  level="secondary"
                  person={secondary}
                  onAction={cardAction('secondary')}
                  canSplit
                  rating={ratings.secondary}
                  canReview={canReview}
                />
              ) : (
                <Button
                  block
                  icon={<UserAddOutlined />}
                  style={{ height: '100%', minHeight: 80 }}
                  onClick={() => navigate(`/contacts/contact/${id}/secondary/edit`)}
                >
                  Add Co-Applicant
                </Button>
              )}
            </Col>
          </Row>
          <PinnedAddresses />
          <DependentsSection />
          <RecordTabs gatheringForms={session?.account.gatheringForms} />
          <ActivityFeed />
        </Col>
        <Col xs={24} xl={8}>
          <Tabs
            items={[
              {
                key: 'tags',
                label: 'Tags',
                children: <TagsPanel onAssign={() => setDialog({ kind: 'tags' })} onFollowUp={() => setDialog({ kind: 'followUp' })} />,
              },
              { key: 'tasks', label: 'Tasks', children: <TasksTab /> },
              { key: 'recordings', label: 'Recordings', children: <CallsTab /> },
            ]}
          />
        </Col>
      </Row>
      <SplitDialog open={dialog?.kind === 'split'} level={dialog?.kind === 'split' ? dialog.level : 'secondary'} onClose={close} />
      <MergeDialog open={dialog?.kind === 'merge'} onClose={close} />
      <DeleteContactDialog
        open={dialog?.kind === 'delete'}
        level={dialog?.kind === 'delete' ? dialog.level : 'primary'}
        hasSecondary={hasSecondary}
        onClose={close}
      />
      <BlockPhoneDialog open={dialog?.kind === 'block'} number={dialog?.kind === 'block' ? dialog.number : ''} onClose={close} />
      <FollowUpDialog open={dialog?.kind === 'followUp'} onClose={close} />
      <AssignTagsDialog open={dialog?.kind === 'tags'} onClose={close} />
      <AssignToDialog open={dialog?.kind === 'managedBy'} onClose={close} />
      <ReferredByDialog open={dialog?.kind === 'referredBy'} onClose={close} />
      <DefaultLocationDialog open={dialog?.kind === 'location'} onClose={close} />
      <SendReviewDialog
        open={dialog?.kind === 'review'}
        level={dialog?.kind === 'review' ? dialog.level : 'primary'}
        onClose={close}
        onRequested={() => setReviewsAsked((n) => n + 1)}
      />
      {dialog?.kind === 'schedule' && (
        <ScheduleMessageDialog
          open
          recipients={mobilesOf(dialog.level === 'primary' ? [primary, secondary] : [secondary, primary])}
          client={id}
          smsRoom={null}
          schedule={smsApi.scheduleExplained}
          onClose={close}
          onScheduled={() => notifySuccess(SCHEDULE_MESSAGES.scheduled)}
        />
      )}
    </ContactProvider>
  );
}
