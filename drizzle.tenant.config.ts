import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./server/db/tenant_schema.ts",
  out: "./migrations/tenant",
});
