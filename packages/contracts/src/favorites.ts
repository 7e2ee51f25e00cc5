import { z } from 'zod';

/** GET /users/{id}/favorites/client: the user's favorite client ids (only the user themself). */
export const favoritesResponseSchema = z.object({ clientIds: z.array(z.string()) });
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;
/** GET/POST/DELETE /users/{id}/favorites/client/{clientId} */
export const favoriteStateSchema = z.object({ clientId: z.string(), isFavorite: z.boolean() });
export type FavoriteState = z.infer<typeof favoriteStateSchema>;
