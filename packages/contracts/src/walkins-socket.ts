declare module './socket' {
  /** Walk-ins: the list changed (someone checked in, was assigned, seen or done). */
  interface ServerToClientEvents {
    walkins_update: (event: { id: string }) => void;
  }
}
export {};
