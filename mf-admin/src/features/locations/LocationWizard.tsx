import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Flex, Modal, Result, Skeleton, Space, Steps, Typography } from 'antd';
import { errorMessage, locationsApi, registrationApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import {
  LOCATION_MESSAGES,
  REGISTRATION_STEPS,
  type BrandView,
  type Evaluation,
  type Location,
  type Registration,
  type RegistrationFailure,
} from '@agency/contracts';
import { AddressStep, BrandForm, BusinessStep, GeneralStep, RepStep } from './RegistrationSteps';

const TITLES = ['General', 'Address', 'Business', 'Rep 1', 'Rep 2', 'Review', 'Brand'];
const STEP_OF: Record<RegistrationFailure['step'], number> = Object.fromEntries(REGISTRATION_STEPS.map((s, i) => [s, i])) as Record<
  RegistrationFailure['step'],
  number
>;
/** How often a profile or brand under review is looked at again while the wizard is open. */
const REVIEW_POLL_MS = 3000;

/** Which steps are done (spec 002 section 4): the location, address, business, rep 1, rep 2 (or none), a submission. */
export function stepsDone(location: Location | null): boolean[] {
  return [
    !!location,
    !!location?.addressSid,
    !!location?.businessSid,
    !!location?.rep1Sid,
    !!location?.rep2Sid || !!location?.rep1Sid,
    !!location && location.profileStatus !== 'not-submitted',
    location?.brandStatus === 'approved',
  ];
}
/** A step can be opened when every step before it is done. */
export const canOpen = (done: boolean[], step: number) => done.slice(0, step).every(Boolean);
/** The step a wizard opens on: the first one not done. */
export const firstIncomplete = (done: boolean[]) => Math.max(0, Math.min(done.indexOf(false) === -1 ? done.length - 1 : done.indexOf(false), done.length - 1));

const isReviewing = (l: Location | null) => l?.profileStatus === 'pending-review' || l?.profileStatus === 'in-review';

/**
 * The location dialog: General, Address, Business, Rep 1, Rep 2 (optional), Review, Brand. A step
 * is saved before the next; Review evaluates the profile and submits it when compliant.
 */
export function LocationWizard({
  accountId,
  open,
  location: initial,
  others,
  onClose,
  onSaved,
}: {
  accountId: string;
  open: boolean;
  location: Location | null;
  others: Location[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [location, setLocation] = useState<Location | null>(initial);
  const [registration, setRegistration] = useState<Registration | null>(null);
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (id: string) => {
      const [loc, reg] = await Promise.all([locationsApi.get(accountId, id), registrationApi.get(accountId, id)]);
      setLocation(loc);
      setRegistration(reg);
      return loc;
    },
    [accountId],
  );

  useEffect(() => {
    if (!open) return;
    setError(null);
    setLocation(initial);
    setRegistration(initial ? null : { address: null, business: null, rep1: null, rep2: null, failures: [] });
    setStep(firstIncomplete(stepsDone(initial)));
    if (initial) load(initial.id).catch((err) => setError(LOCATION_MESSAGES.addressLoadFailed(errorMessage(err))));
  }, [open, initial, load]);

  // A profile under review is looked at again until it is decided.
  useEffect(() => {
    if (!open || !location || (!isReviewing(location) && location.brandStatus !== 'pending')) return;
    const timer = setInterval(() => void load(location.id).catch(() => undefined), REVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [open, location, load]);

  const done = stepsDone(location);
  /** After a save, the step after the one saved, unless the person has moved to another step meanwhile. */
  const nextAfter = (savedStep: number) => setStep((s) => (s === savedStep ? Math.min(savedStep + 1, TITLES.length - 1) : s));

  async function saved(work: () => Promise<unknown>, failure: (m: string) => string) {
    const from = step;
    setError(null);
    try {
      await work();
      await load(location!.id);
      onSaved();
      nextAfter(from);
    } catch (err) {
      setError(failure(errorMessage(err)));
      throw err;
    }
  }

  async function saveGeneral(v: { name: string; timezone: string; copyFrom?: string | null }) {
    setError(null);
    try {
      const id = location
        ? (await locationsApi.update(accountId, location.id, { name: v.name, timezone: v.timezone })).id
        : (await locationsApi.create(accountId, v)).id;
      await load(id);
      onSaved();
      nextAfter(0);
    } catch (err) {
      setError(LOCATION_MESSAGES.saveFailed(errorMessage(err)));
      throw err;
    }
  }

  const failures = registration?.failures ?? [];
  const back = () => setStep((s) => Math.max(0, s - 1));
  const id = location?.id ?? '';

  function body() {
    if (step > 0 && !registration) return <Skeleton active paragraph={{ rows: 6 }} />;
    switch (step) {
      case 0:
        return <GeneralStep location={location} others={others.filter((o) => o.id !== location?.id)} onSave={saveGeneral} />;
      case 1:
        return (
          <AddressStep
            initial={registration!.address}
            failures={failures}
            onBack={back}
            onSave={(v) => saved(() => registrationApi.saveAddress(accountId, id, v), LOCATION_MESSAGES.addressSaveFailed)}
          />
        );
      case 2:
        return (
          <BusinessStep
            initial={registration!.business}
            failures={failures}
            onBack={back}
            onSave={(v) => saved(() => registrationApi.saveBusiness(accountId, id, v), LOCATION_MESSAGES.businessSaveFailed)}
          />
        );
      case 3:
      case 4: {
        const level = step === 3 ? 1 : 2;
        return (
          <RepStep
            key={level}
            level={level}
            initial={level === 1 ? registration!.rep1 : registration!.rep2}
            failures={failures}
            onBack={back}
            onSave={(v) =>
              saved(
                () => registrationApi.saveRep(accountId, id, level, v),
                (m) => LOCATION_MESSAGES.repSaveFailed(`representative ${level}`, m),
              )
            }
            onSkip={
              level === 2
                ? () =>
                    saved(
                      () => registrationApi.saveRep(accountId, id, 2, null),
                      (m) => LOCATION_MESSAGES.repSaveFailed('representative 2', m),
                    )
                : undefined
            }
          />
        );
      }
      case 5:
        return (
          <ReviewStep
            accountId={accountId}
            location={location!}
            failures={failures}
            onChanged={() => load(id).then(onSaved)}
            onFix={setStep}
            onNext={() => setStep(6)}
          />
        );
      default:
        return <BrandStep accountId={accountId} location={location!} onBack={back} onChanged={() => load(id).then(onSaved)} />;
    }
  }

  return (
    <Modal
      open={open}
      title={location ? `Update ${location.name}` : 'Create Location'}
      onCancel={onClose}
      footer={null}
      width={860}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Steps
        size="small"
        current={step}
        onChange={(s) => canOpen(done, s) && setStep(s)}
        items={TITLES.map((title, i) => ({
          title: i === 4 ? `${title} (optional)` : title,
          disabled: !canOpen(done, i),
          status: i === step ? 'process' : failures.some((f) => STEP_OF[f.step] === i) ? 'error' : done[i] ? 'finish' : 'wait',
        }))}
        style={{ marginBottom: 24 }}
      />
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      {body()}
    </Modal>
  );
}

/** Review: evaluates the profile on arrival and submits it when compliant; then follows its review. */
function ReviewStep({
  accountId,
  location,
  failures,
  onChanged,
  onFix,
  onNext,
}: {
  accountId: string;
  location: Location;
  failures: RegistrationFailure[];
  onChanged: () => Promise<void>;
  onFix: (step: number) => void;
  onNext: () => void;
}) {
  const [evaluation, setEvaluation] = useState<Evaluation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = location.profileStatus;
  const mayEvaluate = status === 'not-submitted' || (status === 'rejected' && failures.length === 0);

  const run = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await registrationApi.evaluate(accountId, location.id);
      setEvaluation(result);
      if (result.status === 'compliant') {
        await registrationApi.submit(accountId, location.id);
        await onChanged();
      }
    } catch (err) {
      setProblem(errorMessage(err, '') ? LOCATION_MESSAGES.submitFailed(errorMessage(err)) : LOCATION_MESSAGES.evaluationFailed);
    } finally {
      setBusy(false);
    }
    // onChanged reloads the location; evaluating again on its change would loop
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountId, location.id]);

  useEffect(() => {
    if (mayEvaluate) void run();
  }, [mayEvaluate, run]);

  if (busy) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (problem) return <Alert type="error" showIcon role="alert" title={problem} />;
  if (evaluation && evaluation.status !== 'compliant') {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={LOCATION_MESSAGES.evaluationStatus(evaluation.status)}
        description={<FailureList failures={evaluation.results.flatMap((r) => r.invalid)} onFix={onFix} />}
      />
    );
  }
  if (status === 'approved') {
    return (
      <Result
        status="success"
        title={LOCATION_MESSAGES.approved}
        extra={
          <Button type="primary" onClick={onNext}>
            Next
          </Button>
        }
      />
    );
  }
  if (status === 'rejected') {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title="The business profile was rejected. Fix each item below, then come back to Review to submit it again."
        description={<FailureList failures={failures} onFix={onFix} />}
      />
    );
  }
  return (
    <Result
      status="info"
      title={status === 'in-review' ? 'Business Profile In Review' : 'Business Profile Submitted'}
      subTitle={LOCATION_MESSAGES.inReview}
      extra={
        <Button type="primary" onClick={onNext}>
          Next
        </Button>
      }
    />
  );
}

function FailureList({ failures, onFix }: { failures: RegistrationFailure[]; onFix: (step: number) => void }) {
  return (
    <ul aria-label="What to fix" style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
      {failures.map((f, i) => (
        <li key={i}>
          <Flex gap={8} align="baseline" wrap>
            <span>{f.failureReason}</span>
            <Button type="link" size="small" onClick={() => onFix(STEP_OF[f.step])}>
              Fix in {TITLES[STEP_OF[f.step]]}
            </Button>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** Brand: the form before submission, then its review; approved says so. */
function BrandStep({ accountId, location, onBack, onChanged }: { accountId: string; location: Location; onBack: () => void; onChanged: () => Promise<void> }) {
  const [brand, setBrand] = useState<BrandView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    registrationApi.brand(accountId, location.id).then(setBrand, (err) => setError(LOCATION_MESSAGES.brandLoadFailed(errorMessage(err))));
  }, [accountId, location.id, location.brandStatus]);

  if (error) return <Alert type="error" showIcon role="alert" title={error} />;
  if (!brand) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (location.profileStatus !== 'approved') {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title="The brand can be submitted once the business profile is approved." />
        <Button onClick={onBack}>Back</Button>
      </Space>
    );
  }
  if (brand.status === 'approved') return <Result status="success" title={LOCATION_MESSAGES.brandApproved} />;
  if (brand.status === 'pending')
    return <Result status="info" title={LOCATION_MESSAGES.brandUnderReview} subTitle="Registration usually finishes within a few days." />;
  if (brand.status !== 'not-submitted') return <Alert type="warning" showIcon title={LOCATION_MESSAGES.brandContactSupport} />;
  return (
    <>
      <Typography.Paragraph type="secondary">Register the brand texts from this location are sent under.</Typography.Paragraph>
      <BrandForm
        onBack={onBack}
        onSave={async (v) => {
          try {
            setBrand(await registrationApi.submitBrand(accountId, location.id, v));
            await onChanged();
            bus.toast({ kind: 'success', message: 'Brand submitted for review' });
          } catch (err) {
            setError(LOCATION_MESSAGES.brandLoadFailed(errorMessage(err)));
            throw err;
          }
        }}
      />
    </>
  );
}
