import type { Gif } from '@agency/contracts';
import type { GifProvider } from './index';

interface GiphyImage {
  url: string;
  width: string;
  height: string;
}
interface GiphyGif {
  id: string;
  title: string;
  rating: string;
  images: { fixed_height?: GiphyImage; fixed_height_small?: GiphyImage; original?: GiphyImage };
}

const toGif = (g: GiphyGif): Gif | null => {
  const main = g.images.fixed_height ?? g.images.original;
  if (!main) return null;
  const preview = g.images.fixed_height_small ?? main;
  return { id: g.id, title: g.title, url: main.url, previewUrl: preview.url, width: Number(main.width), height: Number(main.height) };
};

/** Giphy's REST API, rating G only. */
export function createGiphy(o: { apiKey: string; baseUrl: string }, fetchImpl: typeof fetch = fetch): GifProvider {
  const call = async <T>(path: string, params: Record<string, string>): Promise<T | null> => {
    const url = new URL(path, o.baseUrl);
    for (const [k, v] of Object.entries({ api_key: o.apiKey, ...params })) url.searchParams.set(k, v);
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(8_000) });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`Giphy answered ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    configured: true,
    async search(query, offset) {
      const body = query.trim()
        ? await call<{ data: GiphyGif[] }>('/v1/gifs/search', { q: query.trim(), offset: String(offset), limit: '24', rating: 'g', lang: 'en' })
        : await call<{ data: GiphyGif[] }>('/v1/gifs/trending', { offset: String(offset), limit: '24', rating: 'g' });
      return (body?.data ?? [])
        .filter((g) => g.rating === 'g')
        .map(toGif)
        .filter((g): g is Gif => !!g);
    },
    async get(id) {
      const body = await call<{ data: GiphyGif | [] }>(`/v1/gifs/${encodeURIComponent(id)}`, {});
      const g = body?.data;
      if (!g || Array.isArray(g) || g.rating !== 'g') return null;
      return toGif(g);
    },
  };
}
