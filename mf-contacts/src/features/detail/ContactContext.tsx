import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ClientFull } from '@agency/contracts';
import { clientsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { LIVE_REFRESH_MS } from '../list/useClientRows';

export interface ContactState {
  id: string;
  full: ClientFull;
  /** Fetches the record again after a change. */
  reload: () => Promise<void>;
}

const Ctx = createContext<ContactState | null>(null);
export const ContactProvider = Ctx.Provider;

/** The contact the detail page shows, for every card and dialog inside it. */
export function useContact(): ContactState {
  const state = useContext(Ctx);
  if (!state) throw new Error('useContact is used outside a contact page');
  return state;
}

/** Loads GET /clients/{id}/full and keeps it fresh. */
export function useClientFull(id: string | undefined) {
  const [full, setFull] = useState<ClientFull | null>(null);
  const [error, setError] = useState<unknown>(null);
  const current = useRef(id);
  current.current = id;
  const reload = useCallback(async () => {
    if (!id) return;
    try {
      const data = await clientsApi.full(id);
      if (current.current === id) {
        setFull(data);
        setError(null);
      }
    } catch (err) {
      if (current.current === id) setError(err);
    }
  }, [id]);
  useEffect(() => {
    setFull(null);
    setError(null);
    void reload();
  }, [reload]);
  // someone changed this client (an edit, tags, a split or merge): the record catches up, once per burst
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = bus.on('clients_update').subscribe(({ clientIds }) => {
      if (!id || (clientIds && !clientIds.includes(id))) return;
      timer ??= setTimeout(() => {
        timer = null;
        void reload();
      }, LIVE_REFRESH_MS);
    });
    return () => {
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [id, reload]);
  return { full: full && full.client.id === id ? full : null, error, reload };
}
