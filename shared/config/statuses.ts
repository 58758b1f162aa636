// The spec's numbered statuses whose colours the screens show (product-spec 4: "some status codes (112, 122,
// 132, 141 to 149) map to colours"): a warehouse document's status, 112 working copy, 122 confirmed and
// 132 reverted; an order's process status, 141 to 149 in the order the process goes. The client's themes
// give each number its colours (client/theme/status_palette.ts). Plain data without zod, shared by the
// server (the startup config names them) and the client: a status badge's chunk carries no schemas.

export const documentStatusNumbers = { workingCopy: 112, confirmed: 122, reverted: 132 } as const;
export const processStatusNumbers = {
  pending: 141,
  waitingToProcess: 142,
  inProgress: 143,
  doneUnconfirmed: 144,
  doneConfirmed: 145,
  closedFully: 146,
  closedManually: 147,
  archived: 148,
  unknown: 149,
} as const;
export type StatusNumber =
  | (typeof documentStatusNumbers)[keyof typeof documentStatusNumbers]
  | (typeof processStatusNumbers)[keyof typeof processStatusNumbers];
export const statusNumbers: readonly StatusNumber[] = [
  ...Object.values(documentStatusNumbers),
  ...Object.values(processStatusNumbers),
];
