declare module './socket' {
  /** The phone: missed calls nobody has reviewed yet (the Phone tab badge), on connect and whenever calls move on. */
  interface ServerToClientEvents {
    phone_workCount: (event: { count: number }) => void;
  }
}
export {};
