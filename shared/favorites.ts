// A favorite (the user's own menu shortcut) as the API answers it. The server's declaration
// (server/domain/favorites/entity.ts) derives the same shape from its schemas and fails its type check
// when the two part, so the client's menu reads the record without importing the server.
export interface FavoriteAction {
  id: number;
  title: string;
  /** An application path (`/warehouse-orders`). */
  link: string;
  /** The path's query parameters. */
  parameters: Record<string, string>;
  /** "#rrggbb", or none. */
  colour: string | null;
  description: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}
