// The real-time hub client (/dataHub). INTERFACE ONLY for now: the real-time work fills it in.
// Screens use these hooks; they must keep these signatures.
export type ConnectionStatus = "connected" | "connecting" | "disconnected";

export interface HubEvent {
  type: "event";
  resource: string;
  action: "created" | "changed" | "deleted";
  id: number;
  correlationId?: string;
}

/** Calls `onEvent` for events about `resource` caused by others (own request ids are ignored). */
export function useResourceEvents(_resource: string, _onEvent: (e: HubEvent) => void): void {}

/**
 * While `active`, announces that this user edits `resource` `id` (EnterEditMode / LeaveEditMode) and
 * answers the other users editing it now (from EditModeChange).
 */
export function useEditMode(_resource: string, _id: number | null, _active: boolean): { otherEditors: string[] } {
  return { otherEditors: [] };
}
