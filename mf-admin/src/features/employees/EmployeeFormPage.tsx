import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Avatar, Button, Card, Col, Flex, Form, Input, Row, Select, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { employeesApi, errorMessage, usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { EMPLOYEE_ROLES, EXTENSION_MESSAGE, isAdminRole, NPN_MESSAGE, roleRank, USER_PHONE_MESSAGE, type Role, type User } from '@agency/contracts';
import { digitsOnly, fullName, initials, maskPhone, useObservable } from '@agency/ui';
import { AVATAR_SIZE, PICTURE_TYPES, pictureProblem, resizeImage } from '../profile/resizeImage';
import { useUnsavedChanges } from '../settings/unsaved';
import { EMPLOYEE_MESSAGES, ROLE_LABELS } from './messages';
import { useTeam } from './useTeam';

export const EMPLOYEES_PATH = '/account/settings/employees';

export interface EmployeeValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  extension: string;
  npn: string;
  role: Role;
  groups: string[];
  accountLocations: string[];
}

/** Whether the actor may change the target (the server decides the same way: same or lower rank). */
export const canManage = (actor: Pick<User, 'id' | 'role'>, target: Pick<User, 'id' | 'role'>) =>
  actor.id === target.id || (isAdminRole(actor.role) && roleRank(actor.role) >= roleRank(target.role));

const valuesOf = (u: User | null): EmployeeValues => ({
  firstName: u?.firstName ?? '',
  lastName: u?.lastName ?? '',
  email: u?.email ?? '',
  phone: maskPhone(u?.phone, true),
  extension: u?.extension ?? '',
  npn: u?.npn ?? '',
  role: u?.role ?? 'employee',
  groups: u?.groups ?? [],
  accountLocations: u?.locations ?? [],
});

/**
 * employees/{id}: the employee form, 'new' to add one. Edit is opened with the user passed along;
 * opened directly, the user is looked up in the account's list, and an unknown id returns to the list.
 */
export function EmployeeFormPage() {
  const { id = 'new' } = useParams();
  const passed = (useLocation().state as { user?: User } | null)?.user;
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const actor = session?.user;
  const account = session?.account;
  const team = useTeam(account?.id);
  const creating = id === 'new';
  const target = creating ? null : passed?.id === id ? passed : (team.users?.find((u) => u.id === id) ?? null);
  const [form] = Form.useForm<EmployeeValues>();
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'delete' | 'mfa' | null>(null);
  const [saved, setSaved] = useState(false);
  const [mfaReset, setMfaReset] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const watched = Form.useWatch([], form) as EmployeeValues | undefined;
  const dirty = !saved && (avatar !== undefined || (!!watched && JSON.stringify({ ...valuesOf(target), ...watched }) !== JSON.stringify(valuesOf(target))));
  useUnsavedChanges(dirty);

  const missing = !creating && !target && (team.users !== null || !!team.error);
  useEffect(() => {
    if (missing) navigate(EMPLOYEES_PATH, { replace: true });
  }, [missing, navigate]);

  const groupOptions = useMemo(() => {
    const all = new Set<string>();
    for (const u of team.users ?? []) for (const g of u.groups ?? []) all.add(g);
    return [...all].sort().map((g) => ({ value: g, label: g }));
  }, [team.users]);

  if (!actor || !account) return null;
  if (!creating && !target) return <Skeleton active avatar paragraph={{ rows: 6 }} />;

  const self = target?.id === actor.id;
  const editable = creating || canManage(actor, target!);
  const roleLocked = !isAdminRole(actor.role) || self || (!!target && !(EMPLOYEE_ROLES as readonly string[]).includes(target.role)) || !editable;
  const shownAvatar = avatar === undefined ? (target?.avatar ?? null) : avatar;
  const title = creating ? 'Add New Employee' : `Edit ${fullName(target)}`;
  const roleOptions = [...EMPLOYEE_ROLES, ...(target && !(EMPLOYEE_ROLES as readonly string[]).includes(target.role) ? [target.role] : [])].map((r) => ({
    value: r,
    label: ROLE_LABELS[r],
    disabled: !(EMPLOYEE_ROLES as readonly string[]).includes(r),
  }));
  const back = () => navigate(EMPLOYEES_PATH);

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) return setError(problem);
    try {
      setAvatar(await resizeImage(file, AVATAR_SIZE));
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function save(v: EmployeeValues) {
    setBusy('save');
    setError(null);
    const phone = digitsOnly(v.phone) ? v.phone : null;
    try {
      if (creating) {
        await employeesApi.create(account!.id, {
          userFirstName: v.firstName.trim(),
          userLastName: v.lastName.trim(),
          userEmail: v.email.trim(),
          userPhone: phone,
          userExtension: v.extension.trim() || null,
          userAvatar: shownAvatar,
          userGroups: v.groups,
          userNPN: v.npn.trim() || null,
          userRole: (v.role === 'admin' ? 'admin' : 'employee') as (typeof EMPLOYEE_ROLES)[number],
          userAccountLocations: v.accountLocations,
        });
        bus.toast({ kind: 'success', message: EMPLOYEE_MESSAGES.added });
      } else {
        const admin = isAdminRole(actor!.role);
        await usersApi.update(target!.id, {
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          email: v.email.trim(),
          phone,
          extension: v.extension.trim() || null,
          npn: v.npn.trim() || null,
          ...(avatar !== undefined ? { avatar } : {}),
          ...(roleLocked ? {} : { role: v.role }),
          ...(admin ? { groups: v.groups, accountLocations: v.accountLocations } : {}),
        });
        bus.toast({ kind: 'success', message: EMPLOYEE_MESSAGES.updated });
      }
      setSaved(true);
      back();
    } catch (err) {
      const message = (creating ? EMPLOYEE_MESSAGES.createFailed : EMPLOYEE_MESSAGES.updateFailed)(errorMessage(err));
      setError(message);
      bus.toast({ kind: 'error', message });
    } finally {
      setBusy(null);
    }
  }

  async function resetMfa() {
    if (!target) return;
    if (!(await bus.confirm(`Reset MFA for ${fullName(target)}?`, 'Their authenticator stops working here; they set MFA up again at their next sign-in.')))
      return;
    setBusy('mfa');
    setError(null);
    try {
      await usersApi.resetMfa(target.id);
      setMfaReset(true);
      bus.toast({ kind: 'success', message: EMPLOYEE_MESSAGES.mfaReset });
    } catch (err) {
      const message = EMPLOYEE_MESSAGES.mfaResetFailed(errorMessage(err));
      setError(message);
      bus.toast({ kind: 'error', message });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!target) return;
    if (!(await bus.confirm(`Delete ${fullName(target)}?`, 'They are signed out and can no longer sign in. Their records stay.'))) return;
    setBusy('delete');
    setError(null);
    try {
      await employeesApi.remove(account!.id, target.id);
      bus.toast({ kind: 'success', message: EMPLOYEE_MESSAGES.deleted });
      back();
    } catch (err) {
      const message = EMPLOYEE_MESSAGES.deleteFailed(errorMessage(err));
      setError(message);
      bus.toast({ kind: 'error', message });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title={title} style={{ maxWidth: 760 }}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      {!editable && (
        <Alert type="info" showIcon title={`Only a user of the same or a higher role can change ${fullName(target)}.`} style={{ marginBottom: 16 }} />
      )}
      {team.locationsError && <Alert type="warning" showIcon title={team.locationsError} style={{ marginBottom: 16 }} />}
      <Form<EmployeeValues>
        form={form}
        layout="vertical"
        initialValues={valuesOf(target)}
        onFinish={save}
        disabled={!editable}
        requiredMark={false}
        name="employee"
      >
        <Flex gap={16} align="center" style={{ marginBottom: 16 }}>
          <Avatar size={64} src={shownAvatar ?? undefined} alt="">
            {initials(target ?? { firstName: form.getFieldValue('firstName'), lastName: form.getFieldValue('lastName') }) || '?'}
          </Avatar>
          <input
            ref={fileInput}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            aria-label="Picture file"
            onChange={(e) => void pick(e)}
            style={{ display: 'none' }}
          />
          <Space>
            <Button onClick={() => fileInput.current?.click()}>Choose Picture</Button>
            {shownAvatar && <Button onClick={() => setAvatar(null)}>Remove Picture</Button>}
          </Space>
        </Flex>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="First Name" name="firstName" rules={[{ required: true, whitespace: true, message: 'First name is required' }, { max: 80 }]}>
              <Input autoComplete="off" autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Last Name" name="lastName" rules={[{ required: true, whitespace: true, message: 'Last name is required' }, { max: 80 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Email"
              name="email"
              rules={[
                { required: true, whitespace: true, message: 'Email is required' },
                { type: 'email', message: 'Enter a valid email address' },
              ]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Phone"
              name="phone"
              normalize={(v: string) => maskPhone(v)}
              rules={[
                {
                  validator: (_r, v: string) =>
                    [0, 10, 11].includes(digitsOnly(v).length) ? Promise.resolve() : Promise.reject(new Error(USER_PHONE_MESSAGE)),
                },
              ]}
            >
              <Input inputMode="tel" placeholder="+1 (222) 333-4444" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Extension" name="extension" rules={[{ pattern: /^\d{0,6}$/, message: EXTENSION_MESSAGE }]}>
              <Input inputMode="numeric" maxLength={6} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="NPN" name="npn" rules={[{ pattern: /^\d{0,10}$/, message: NPN_MESSAGE }]}>
              <Input inputMode="numeric" maxLength={10} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Role" name="role">
              <Select options={roleOptions} disabled={roleLocked} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Groups" name="groups">
              <Select mode="tags" options={groupOptions} placeholder="Type a group and press Enter" tokenSeparators={[',']} />
            </Form.Item>
          </Col>
          {team.locations.length > 0 && (
            <Col xs={24} md={12}>
              <Form.Item label="Locations" name="accountLocations">
                <Select mode="multiple" options={team.locations.map((l) => ({ value: l.id, label: l.name }))} placeholder="No location" />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Flex justify="space-between" wrap gap={8}>
          <Space>
            {target && !self && editable && (
              <Button danger icon={<DeleteOutlined />} onClick={() => void remove()} loading={busy === 'delete'}>
                Delete
              </Button>
            )}
            {target && !self && editable && isAdminRole(actor.role) && target.mfaEnabled && !mfaReset && (
              <Button icon={<SafetyCertificateOutlined />} onClick={() => void resetMfa()} loading={busy === 'mfa'}>
                Reset MFA
              </Button>
            )}
          </Space>
          <Space>
            <Button onClick={back} disabled={false}>
              Cancel
            </Button>
            <Button type="primary" htmlType="submit" loading={busy === 'save'}>
              {creating ? 'Add Employee' : 'Save'}
            </Button>
          </Space>
        </Flex>
      </Form>
      {creating && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          The new employee gets an email with a code to choose their password.
        </Typography.Paragraph>
      )}
    </Card>
  );
}
