// The /dataHub protocol, shared by the server and the web client: what each side may send. The client
// imports the types only.
import { z } from "zod";

/** Custom close codes: a bad or expired token (the client reloads its startup configuration). */
export const CLOSE_UNAUTHORIZED = 4401;
/** A message that is not part of the protocol, or too large. */
export const CLOSE_PROTOCOL = 4400;
/** The server is going away (shutdown); the client reconnects on its schedule. */
export const CLOSE_GOING_AWAY = 1001;

export type HubAction = "created" | "changed" | "deleted";

const recordRef = {
  resource: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/),
  id: z.number().int().positive(),
};

export const ClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), token: z.string().min(1).max(8192) }),
  z.object({ type: z.literal("EnterEditMode"), ...recordRef }),
  z.object({ type: z.literal("LeaveEditMode"), ...recordRef }),
  z.object({ type: z.literal("GetEditMode"), ...recordRef }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export interface Editor {
  id: number;
  username: string;
}

export type ServerMessage =
  /** The token was accepted: from now on this socket receives events (an addition to the contract). */
  | { type: "authenticated"; userId: number }
  | { type: "event"; resource: string; action: HubAction; id: number; correlationId: string | null }
  | { type: "EditModeChange"; resource: string; id: number; users: Editor[] };
