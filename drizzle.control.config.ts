import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./tenants/schema.ts",
  out: "./migrations/control",
});
