// A tenant as the request context carries it: its row in the control database's directory
// (server/tenancy/schema.ts `tenants`, read by server/tenancy/registry.ts, which checks the two agree).
// Declared here so that the kernel's context names it without reaching up into the control plane.
export interface Tenant {
  id: number;
  slug: string;
  companyName: string;
  taxId: string | null;
  status: "pendingApproval" | "active" | "suspended";
  dbUrl: string;
  language: string;
  adminUserId: number | null;
  createdAt: string;
  approvedAt: string | null;
  suspendedAt: string | null;
  /** The server instance that owns the tenant's database ("main" when there is one). */
  instance: string;
  /** Set while the tenant moves to another instance. */
  movingTo: string | null;
}
