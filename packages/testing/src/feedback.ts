import { bus } from '@agency/bus';

/** Collects the toasts the screens raise and answers their confirmations; call in beforeEach, stop in afterEach. */
export function captureFeedback(answer = true) {
  const toasts: Array<{ kind: string; message: string }> = [];
  const confirms: string[] = [];
  const subs = [
    bus.toast$.subscribe((t) => toasts.push({ kind: t.kind, message: t.message })),
    bus.confirm$.subscribe((c) => {
      confirms.push(c.title);
      c.resolve(answer);
    }),
  ];
  return { toasts, confirms, stop: () => subs.forEach((s) => s.unsubscribe()) };
}
