// The acting user of a request (an API key's contractor included) and what their roles let them do. In a
// file of its own so that the context (context.ts) and the ports (services.ts: a front's socket check answers
// one) both name it without importing each other.
export interface Actor {
  userId: number;
  username: string;
  tenantId: number;
  sessionId: string;
  isSuperUser: boolean;
  isPowerUser: boolean;
  logisticsEnabled: boolean;
  terminalEnabled: boolean;
  shippingEnabled: boolean;
  transportEnabled: boolean;
  contractorPortalEnabled: boolean;
  contractorId: number | null;
}
