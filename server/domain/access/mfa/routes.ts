// The second factor's calls: the sign-in's second step (public: it carries the step's ticket), a user's own
// factors (allowed to a user who owes one: they are how it is set up), and an administrator's removal of a
// user's factors.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { clientInfo } from "../../../engine/http/client_info.ts";
import { TokenData } from "../auth/contract.ts";
import {
  AddedPasskey,
  NewPasskey,
  PasskeyCreationOptions,
  PassSecondFactor,
  Reauthentication,
  RecoveryCodes,
  SecondFactorStatus,
  TotpConfirmation,
  TotpSetup,
} from "./contract.ts";
import { passSecondFactor } from "./sign_in.ts";
import {
  addPasskey,
  beginTotp,
  confirmTotp,
  passkeyOptions,
  removePasskey,
  removeTotp,
  renewRecoveryCodes,
  resetSecondFactor,
  secondFactorStatus,
} from "./service.ts";

export function secondFactorRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "Auth";
  mount(app, platform, {
    method: "post",
    path: "/Auth/SecondFactor",
    summary: "The sign-in's second step: its ticket and a passkey's signature, an authenticator app's code " +
      "or a recovery code; the token data of the sign-in",
    tag,
    access: "public",
    body: PassSecondFactor,
    response: TokenData,
  }, (c, { body }) => passSecondFactor(platform, body, clientInfo(c)));

  mount(app, platform, {
    method: "get",
    path: "/Auth/SecondFactor",
    summary:
      "The caller's second factors: passkeys, authenticator app, recovery codes left, and whether the " +
      "company requires one",
    tag,
    access: "user",
    whole: "none",
    secondFactorSetup: true,
    response: SecondFactorStatus,
  }, (c) => secondFactorStatus(c.get("ctx")));

  mount(app, platform, {
    method: "post",
    path: "/Auth/SecondFactor/totp",
    summary: "Start setting up an authenticator app (current password): its secret and otpauth:// link, " +
      "counting once a code of it is confirmed",
    tag,
    access: "user",
    whole: "none",
    secondFactorSetup: true,
    answersSecret: true,
    body: Reauthentication,
    response: TotpSetup,
  }, (c, { body }) => beginTotp(c.get("ctx"), body.currentPassword));

  mount(app, platform, {
    method: "post",
    path: "/Auth/SecondFactor/totp/confirm",
    summary: "Confirm the authenticator app with a first code; a first factor comes with recovery codes",
    tag,
    access: "user",
    whole: "none",
    secondFactorSetup: true,
    answersSecret: true,
    body: TotpConfirmation,
    response: RecoveryCodes,
  }, (c, { body }) => confirmTotp(c.get("ctx"), body.code));

  mount(app, platform, {
    method: "delete",
    path: "/Auth/SecondFactor/totp",
    summary: "Remove the authenticator app (current password)",
    tag,
    access: "user",
    whole: "none",
    secondFactorSetup: true,
    body: Reauthentication,
    status: 204,
  }, (c, { body }) => removeTotp(c.get("ctx"), body.currentPassword));

  mount(app, platform, {
    method: "post",
    path: "/Auth/SecondFactor/passkeys/options",
    summary: "Start adding a passkey (current password): the options for navigator.credentials.create",
    tag,
    access: "user",
    whole: "none",
    secondFactorSetup: true,
    body: Reauthentication,
    response: PasskeyCreationOptions,
  }, (c, { body }) => passkeyOptions(c.get("ctx"), body.currentPassword));

  mount(app, platform, {
    method: "post",
    path: "/Auth/SecondFactor/passkeys",
    summary:
      "Add a passkey: its name and the browser's new credential; a first factor comes with recovery codes",
    tag,
    access: "user",
    whole: "none",
    secondFactorSetup: true,
    answersSecret: true,
    body: NewPasskey,
    response: AddedPasskey,
    status: 201,
  }, (c, { body }) => addPasskey(c.get("ctx"), body));

  mount(app, platform, {
    method: "delete",
    path: "/Auth/SecondFactor/passkeys/:id",
    summary: "Remove one of the caller's passkeys (current password)",
    tag,
    access: "user",
    whole: "none",
    secondFactorSetup: true,
    body: Reauthentication,
    status: 204,
  }, (c, { body, params }) => removePasskey(c.get("ctx"), idParam(params.id), body.currentPassword));

  mount(app, platform, {
    method: "post",
    path: "/Auth/SecondFactor/recovery-codes",
    summary: "Ten new recovery codes (current password), shown once; the ones before stop working",
    tag,
    access: "user",
    whole: "none",
    answersSecret: true,
    body: Reauthentication,
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  }, (c, { body }) => renewRecoveryCodes(c.get("ctx"), body.currentPassword));

  mount(app, platform, {
    method: "delete",
    path: "/User/:id/second-factor",
    summary: "Remove all of a user's second factors and recovery codes (administrators, with their current " +
      "password): a lost phone; the user's sign-ins end",
    tag: "User",
    access: "admin",
    body: Reauthentication,
    status: 204,
  }, (c, { body, params }) => resetSecondFactor(c.get("ctx"), idParam(params.id), body.currentPassword));
}
