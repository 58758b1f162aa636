import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { mount } from "../../../engine/http/route.ts";
import { clientInfo } from "../../../engine/http/client_info.ts";
import { ownScriptOnly } from "../../../engine/http/fetch_metadata.ts";
import { MakeReset, Register, Registered } from "./contract.ts";
import { activate, makeReset, register, sendReset } from "./service.ts";

export function registrationRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "Register";
  mount(app, platform, {
    method: "post",
    path: "/Register",
    summary: "Register a company; it waits for the provider's approval",
    tag,
    access: "public",
    body: Register,
    response: Registered,
    status: 201,
  }, async (c, { body }) => {
    const { slug, status } = await register(platform, body, clientInfo(c).ip);
    return { slug, status };
  });

  // GETs by the contract, but they act: only the application's own script calls them (engine/http/fetch_metadata.ts).
  app.get("/Register/activate/:code", ownScriptOnly());
  app.get("/Register/send-reset/:email", ownScriptOnly());
  mount(app, platform, {
    method: "get",
    path: "/Register/activate/:code",
    summary: "Activate an account with the code from the activation e-mail",
    tag,
    access: "public",
    response: z.object({ activated: z.literal(true), username: z.string() }),
  }, (_c, { params }) => activate(platform, params.code));

  mount(app, platform, {
    method: "get",
    path: "/Register/send-reset/:email",
    summary: "Send a password reset code to the accounts with this e-mail",
    tag,
    access: "public",
    response: z.object({ sent: z.number() }),
  }, (c, { params }) => sendReset(platform, params.email, clientInfo(c).ip));

  mount(app, platform, {
    method: "post",
    path: "/Register/make-reset",
    summary: "Set a new password with a reset code",
    tag,
    access: "public",
    body: MakeReset,
    response: z.object({ reset: z.literal(true), username: z.string() }),
  }, (c, { body }) => makeReset(platform, body, clientInfo(c).ip));
}
