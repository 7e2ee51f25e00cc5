// gifenc 1.0.3 ships no types: the part of its API the local GIFs use.
declare module 'gifenc' {
  interface GifEncoder {
    writeFrame(index: Uint8Array, width: number, height: number, opts?: { palette?: number[][]; delay?: number; repeat?: number }): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  export function GIFEncoder(): GifEncoder;
}
