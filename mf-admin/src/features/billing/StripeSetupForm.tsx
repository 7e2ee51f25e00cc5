import { useEffect, useRef, useState } from 'react';
import { Button, Skeleton, Space } from 'antd';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { BILLING_MESSAGES, type SetupIntent } from '@agency/contracts';

/** Where the provider returns after a setup that needs a redirect (spec 002 section 9). */
export const SETUP_RETURN_PATH = '/settings/billing';

/**
 * The provider's Payment Element for a setup intent. Stripe.js loads from `@stripe/stripe-js/pure`
 * only now (the form is open and a key is configured), never on import.
 */
export function StripeSetupForm({
  intent,
  onCancel,
  onSucceeded,
  onError,
}: {
  intent: SetupIntent;
  onCancel: () => void;
  onSucceeded: () => void;
  onError: (message: string) => void;
}) {
  const mountAt = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(intent.publishableKey!))
      .then((stripe) => {
        if (!live || !stripe || !mountAt.current) return;
        const elements = stripe.elements({ clientSecret: intent.client_secret });
        elements.create('payment').mount(mountAt.current);
        setReady({ stripe, elements });
      })
      .catch((err: Error) => live && onError(err.message || BILLING_MESSAGES.unknownError));
    return () => {
      live = false;
    };
  }, [intent, onError]);

  async function submit() {
    if (!ready) return;
    setBusy(true);
    const { error, setupIntent } = await ready.stripe.confirmSetup({
      elements: ready.elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}${SETUP_RETURN_PATH}` },
    });
    setBusy(false);
    if (error) onError(error.message || BILLING_MESSAGES.unknownError);
    else if (setupIntent?.status === 'succeeded') onSucceeded();
    else onError(BILLING_MESSAGES.unknownError);
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {!ready && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
      <div ref={mountAt} style={{ minHeight: ready ? 120 : 0, marginBottom: 16 }} />
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!ready}>
          Save
        </Button>
      </Space>
    </form>
  );
}
