import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";

// Filled in by the OpenID Connect sign-in (GET Auth/GoogleToken/{code}).
export function oidcRoutes(_app: Hono<Env>, _platform: Platform): void {}
