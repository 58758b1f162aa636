// The ComputerVision calls of the spec: POST (enrol a face) and POST /analyse (sign in by face), with the
// caller's status, the enrolled users, removing a face, and whether a tenant's sign-in screen offers it.
import type { Hono } from "hono";
import { z } from "zod";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { idParam, mount } from "../../../http/route.ts";
import { clientInfo } from "../../../http/client_info.ts";
import { TokenData } from "../auth/contract.ts";
import {
  Analyse,
  analyse,
  available,
  enrol,
  EnrolledUser,
  enrolledUsers,
  Enrolment,
  FaceStatus,
  faceStatus,
  forget,
} from "./service.ts";

export function faceRoutes(app: Hono<Env>, platform: Platform): void {
  const tag = "ComputerVision";
  mount(app, platform, {
    method: "post",
    path: "/ComputerVision/analyse",
    summary: "Sign in by face: a descriptor (128 numbers from the browser's recognition model, never a " +
      "picture) matched against the tenant's enrolled faces; the same token data as a password sign-in",
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
      "Enrol a face from several samples (descriptors) that agree, replacing any before: the caller's " +
      "own, or an administrator's choice of user",
    tag,
    access: "user",
    body: Enrolment,
    response: z.object({ userId: z.number(), samples: z.number(), enrolledAt: z.string() }),
    status: 201,
  }, (c, { body }) => enrol(c.get("ctx"), body));

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
