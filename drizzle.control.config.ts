import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./server/tenancy/schema.ts",
  out: "./migrations/control",
});
