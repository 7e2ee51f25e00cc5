import type { Gif } from '@agency/contracts';
import { createGiphy } from './giphy';
import { createLocalGifs } from './local';

/** GIF search and lookup for chat. Only G-rated GIFs are offered. */
export interface GifProvider {
  readonly configured: boolean;
  search(query: string, offset: number): Promise<Gif[]>;
  /** The GIF with this id, or null when it was removed (or is not rated G). */
  get(id: string): Promise<Gif | null>;
}

/** Giphy when GIPHY_API_KEY is set; otherwise the dozen GIFs shipped with the app (local.ts), and nothing is fetched. */
export function createGifProvider(env: NodeJS.ProcessEnv = process.env): GifProvider {
  const apiKey = env.GIPHY_API_KEY;
  if (apiKey) return createGiphy({ apiKey, baseUrl: env.GIPHY_BASE_URL ?? 'https://api.giphy.com' });
  return createLocalGifs();
}

/** Where chat's GIFs come from besides this origin (for the Content-Security-Policy): GIPHY's media hosts when its key is set. */
export const gifImageOrigins = (env: NodeJS.ProcessEnv = process.env): string[] => (env.GIPHY_API_KEY ? ['https://*.giphy.com'] : []);
