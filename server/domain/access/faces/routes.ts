// The ComputerVision calls of the spec: POST (enrol a face) and POST /analyse (sign in by face), with the
// caller's status, the enrolled users, confirming a user's own enrolment, removing a face, whether a
// tenant's sign-in screen offers it, the devices face sign-in works at and the challenges they sign.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { clientInfo } from "../../../engine/http/client_info.ts";
import { TokenData } from "../auth/contract.ts";
import { AppError } from "../../../kernel/errors.ts";
import {
  Analyse,
  analyse,
  available,
  enrol,
  Enrolled,
  EnrolledUser,
  enrolledUsers,
  Enrolment,
  FaceStatus,
  faceStatus,
  forget,
  Review,
  review,
} from "./service.ts";
import {
  Challenge,
  DeviceEnrolment,
  enrolDevice,
  FaceDevice,
  issueChallenge,
  listDevices,
  withdrawDevice,
} from "./devices.ts";

export function faceRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "ComputerVision";
  mount(app, platform, {
    method: "post",
    path: "/ComputerVision/analyse",
    summary:
      "Sign in by face at an enrolled device: a descriptor (128 numbers from the browser's recognition " +
      "model, never a picture) with the device key's signature of a fresh challenge and the descriptor, " +
      "matched against the tenant's confirmed faces; the same token data as a password sign-in, never an " +
      "administrator's",
    tag,
    access: "public",
    body: Analyse,
    response: TokenData,
  }, (c, { body }) => analyse(platform, body, clientInfo(c)));

  mount(app, platform, {
    method: "get",
    path: "/ComputerVision/available",
    summary: "Whether the sign-in screen may offer face sign-in for a tenant (its slug)",
    tag,
    access: "public",
    query: z.object({ tenant: z.string().trim().min(1).max(100) }),
    response: z.object({ available: z.boolean() }),
  }, (_c, { query }) => available(platform, query.tenant));

  mount(app, platform, {
    method: "get",
    path: "/ComputerVision/status",
    summary:
      "Face sign-in for the caller: whether this server and the tenant do it, and the caller's enrolment",
    tag,
    access: "user",
    response: FaceStatus,
  }, (c) => faceStatus(c.get("ctx")));

  mount(app, platform, {
    method: "post",
    path: "/ComputerVision",
    summary:
      "Enrol a face from several samples (descriptors) that agree: the caller's own, which waits for an " +
      "administrator's confirmation, or an administrator's choice of user, at once; attempts are limited",
    tag,
    access: "user",
    body: Enrolment,
    response: Enrolled,
    status: 201,
  }, (c, { body }) => enrol(c.get("ctx"), body));

  mount(app, platform, {
    method: "post",
    path: "/ComputerVision/:userId/review",
    summary:
      "Confirm a user's waiting enrolment (face.taken when it lies near another user's face) or refuse it",
    tag,
    access: "admin",
    body: Review,
    status: 204,
  }, (c, { params, body }) => review(c.get("ctx"), idParam(params.userId), body));

  mount(app, platform, {
    method: "get",
    path: "/ComputerVision/challenge",
    summary:
      "A fresh single-use challenge for an enrolled device of a tenant (its slug) to sign, good for a minute",
    tag,
    access: "public",
    query: z.object({ tenant: z.string().trim().min(1).max(100) }),
    response: Challenge,
  }, async (_c, { query }) => {
    const tenant = await platform.registry.bySlug(query.tenant);
    if (!platform.config.computerVision || !tenant || tenant.status !== "active") {
      throw new AppError("face.unsupported");
    }
    return issueChallenge(platform, tenant.id);
  });

  mount(app, platform, {
    method: "get",
    path: "/ComputerVision/devices",
    summary: "The devices enrolled for face sign-in, withdrawn ones too (administrators)",
    tag,
    access: "admin",
    response: z.array(FaceDevice),
  }, (c) => listDevices(c.get("ctx")));

  mount(app, platform, {
    method: "post",
    path: "/ComputerVision/devices",
    summary:
      "Enrol the calling browser's device for face sign-in: the public half (JWK, EC P-256) of a key " +
      "the browser made and cannot export (administrators)",
    tag,
    access: "admin",
    body: DeviceEnrolment,
    response: FaceDevice,
    status: 201,
  }, (c, { body }) => enrolDevice(c.get("ctx"), body));

  mount(app, platform, {
    method: "delete",
    path: "/ComputerVision/devices/:id",
    summary: "Withdraw a device: it signs nobody in from now on (administrators)",
    tag,
    access: "admin",
    status: 204,
  }, (c, { params }) => withdrawDevice(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "get",
    path: "/ComputerVision",
    summary: "The users with an enrolled face (administrators)",
    tag,
    access: "admin",
    response: z.array(EnrolledUser),
  }, (c) => enrolledUsers(c.get("ctx")));

  mount(app, platform, {
    method: "delete",
    path: "/ComputerVision/:userId",
    summary: "Remove a user's face samples (the user, or an administrator)",
    tag,
    access: "user",
    whole: "admin",
    status: 204,
  }, (c, { params }) => forget(c.get("ctx"), idParam(params.userId)));
}
