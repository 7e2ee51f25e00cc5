import { useRef, useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Dropdown, Space, Tag, Tooltip, Typography } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FieldTimeOutlined,
  GiftOutlined,
  ManOutlined,
  MessageOutlined,
  MoreOutlined,
  PhoneOutlined,
  ScissorOutlined,
  SendOutlined,
  StarOutlined,
  StopOutlined,
  WomanOutlined,
} from '@ant-design/icons';
import type { ClientLevel } from '@agency/contracts';
import { clientsApi, errorMessage } from '@agency/api-client';
import { formatPhone, notifyError, notifySuccess, Stars } from '@agency/ui';
import { placeCall } from '../common/dial';
import { MessagesWindow } from '../messages/MessagesWindow';
import { bornLabel, personName, type Person } from './person';

export type CardAction = 'edit' | 'delete' | 'split' | 'block' | 'review' | 'schedule';

interface Props {
  clientId: string;
  level: ClientLevel;
  person: Person;
  onAction: (action: CardAction, extra?: string) => void;
  canSplit: boolean;
  /** The person's service-review rating; null when they have none yet, undefined (no stars) while it loads. */
  rating?: number | null;
  /** Offers 'Send Service Review' in the menu (the account takes service reviews). */
  canReview?: boolean;
}

function PhoneLine({
  label,
  number,
  name,
  clientId,
  onBlock,
}: {
  label: string;
  number: string | null;
  name: string;
  clientId: string;
  onBlock: (n: string) => void;
}) {
  if (!number) return null;
  return (
    <Space size={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text>{formatPhone(number)}</Typography.Text>
      <Tooltip title={`Call ${label.toLowerCase()}`}>
        <Button
          size="small"
          type="text"
          shape="circle"
          icon={<PhoneOutlined />}
          aria-label={`Call ${name} ${label.toLowerCase()}`}
          onClick={() => placeCall(number, name, clientId)}
        />
      </Tooltip>
      <Tooltip title="Block Phone Number">
        <Button size="small" type="text" shape="circle" icon={<StopOutlined />} aria-label={`Block ${formatPhone(number)}`} onClick={() => onBlock(number)} />
      </Tooltip>
    </Space>
  );
}

/** A person of the household: status or Deceased, rating stars, age, company, name, email and phones with their actions. */
export function ContactCard({ clientId, level, person, onAction, canSplit, rating, canReview = false }: Props) {
  const [ssn, setSsn] = useState<string | null>(null);
  const name = personName(person) || (level === 'primary' ? 'Primary' : 'Secondary');
  const age = person.age;
  const deceased = !!person.dod;

  const reveal = async () => {
    try {
      setSsn(await clientsApi.reveal(clientId, level === 'primary' ? 'ssn' : 'coSSN'));
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess('Email copied');
    } catch {
      notifyError('Unable to copy to the clipboard');
    }
  };
  // The Message button opens the person's texts in a window over the record; closing it returns here.
  const [messaging, setMessaging] = useState(false);
  const messageButton = useRef<HTMLButtonElement | null>(null);
  const closeMessages = () => {
    setMessaging(false);
    messageButton.current?.focus();
  };

  const icons: ReactNode[] = [];
  if (person.gender === 'Male') icons.push(<ManOutlined key="g" aria-label="Male" />);
  else if (person.gender === 'Female') icons.push(<WomanOutlined key="g" aria-label="Female" />);
  else if (person.gender) icons.push(<Tag key="g">{person.gender}</Tag>);
  if (person.dob)
    icons.push(
      <Tooltip key="b" title={bornLabel(person.dob)}>
        <GiftOutlined aria-label={bornLabel(person.dob)} />
      </Tooltip>,
    );
  if (person.dod)
    icons.push(
      <Tooltip key="d" title={`Died ${person.dod}`}>
        <span aria-label={`Died ${person.dod}`} role="img">
          †
        </span>
      </Tooltip>,
    );

  const menu = [
    { key: 'edit', icon: <EditOutlined />, label: 'Edit' },
    ...(canSplit ? [{ key: 'split', icon: <ScissorOutlined />, label: 'Split Contact' }] : []),
    ...(canReview ? [{ key: 'review', icon: <StarOutlined />, label: 'Send Service Review' }] : []),
    { key: 'schedule', icon: <FieldTimeOutlined />, label: 'Schedule Message' },
    { key: 'delete', icon: <DeleteOutlined />, label: level === 'primary' ? 'Delete' : 'Remove Secondary', danger: true },
  ];

  return (
    <Card
      size="small"
      data-testid={`card-${level}`}
      title={
        <Space wrap>
          <span>{level === 'primary' ? 'Primary' : 'Secondary'}</span>
          {deceased ? <Tag color="default">Deceased</Tag> : person.status ? <Tag color="blue">{person.status}</Tag> : null}
        </Space>
      }
      extra={
        <Space size={0}>
          <Tooltip title="Edit">
            <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${name}`} onClick={() => onAction('edit')} />
          </Tooltip>
          <Dropdown menu={{ items: menu, onClick: ({ key }) => onAction(key as CardAction) }} trigger={['click']}>
            <Button type="text" icon={<MoreOutlined />} aria-label={`More actions for ${name}`} />
          </Dropdown>
        </Space>
      }
    >
      <Typography.Title level={4} style={{ margin: 0 }} data-testid={`name-${level}`}>
        {name}
        {person.suffix ? ` ${person.suffix}` : ''}
      </Typography.Title>
      <Space size={8} wrap style={{ marginBottom: 8 }}>
        {rating === undefined ? null : <Stars rating={rating} />}
        {icons}
        {age !== null ? <Typography.Text type="secondary">{`Age ${age}`}</Typography.Text> : null}
        {person.companyName ? <Typography.Text type="secondary">{person.companyName}</Typography.Text> : null}
      </Space>
      <Descriptions size="small" column={1} colon={false}>
        {person.email ? (
          <Descriptions.Item label="Email">
            <Space size={4}>
              <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                {person.email}
              </Typography.Text>
              <Tooltip title="Send email">
                <Button
                  size="small"
                  type="text"
                  shape="circle"
                  icon={<SendOutlined />}
                  aria-label={`Send email to ${person.email}`}
                  href={`mailto:${person.email}`}
                />
              </Tooltip>
              <Tooltip title="Copy">
                <Button
                  size="small"
                  type="text"
                  shape="circle"
                  icon={<CopyOutlined />}
                  aria-label={`Copy ${person.email}`}
                  onClick={() => void copy(person.email!)}
                />
              </Tooltip>
            </Space>
          </Descriptions.Item>
        ) : null}
        {person.ssn ? (
          <Descriptions.Item label="SSN">
            <Space size={4}>
              <Typography.Text data-testid={`ssn-${level}`}>{ssn ?? person.ssn}</Typography.Text>
              {ssn ? null : (
                <Tooltip title="Reveal">
                  <Button size="small" type="text" shape="circle" icon={<EyeOutlined />} aria-label={`Reveal SSN of ${name}`} onClick={() => void reveal()} />
                </Tooltip>
              )}
            </Space>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Space orientation="vertical" size={0}>
        <PhoneLine label="Mobile" number={person.mobilePhone} name={name} clientId={clientId} onBlock={(n) => onAction('block', n)} />
        <PhoneLine label="Home" number={person.phone} name={name} clientId={clientId} onBlock={(n) => onAction('block', n)} />
      </Space>
      <div style={{ marginTop: 8 }}>
        <Button
          ref={messageButton}
          icon={<MessageOutlined />}
          onClick={() => setMessaging((open) => !open)}
          disabled={!person.mobilePhone}
          aria-expanded={messaging}
          aria-label={`Message ${name}`}
        >
          Message
        </Button>
      </div>
      {messaging && person.mobilePhone ? (
        <MessagesWindow clientId={clientId} level={level} phone={person.mobilePhone} name={name} onClose={closeMessages} />
      ) : null}
    </Card>
  );
}
