declare module './socket' {
  /** Campaigns: one was saved or deleted, or a run started or finished. */
  interface ServerToClientEvents {
    campaigns_update: (event: { id: string }) => void;
  }
}
export {};
