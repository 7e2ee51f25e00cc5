import { useEffect, useMemo } from 'react';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';
import { ChatStore } from './store';
import { busTransport } from './transport';

let current: ChatStore | null = null;

/** One chat store per signed-in user, kept while the app runs (so sends finish off screen too). */
export function chatStoreFor(userId: string): ChatStore {
  if (current?.userId !== userId) {
    current?.dispose();
    current = new ChatStore(busTransport, userId);
  }
  return current;
}

export function useChat() {
  const session = useObservable(bus.session$);
  const userId = session?.user.id ?? '';
  const store = useMemo(() => chatStoreFor(userId), [userId]);
  const state = useObservable(store.state$);
  useEffect(() => {
    const onFocus = () => store.markSeenSoon();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [store]);
  return { store, state, userId, role: session?.user.role };
}
