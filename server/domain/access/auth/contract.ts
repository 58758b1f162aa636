import { z } from "zod";
import { User } from "../users/entity.ts";

export const SignIn = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});

export const TokenData = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.string(),
  refreshExpiresAt: z.string(),
  user: User,
  /** Only when true: the company requires a second factor the user has not set up (docs/api.md). */
  secondFactorSetupRequired: z.literal(true).optional(),
});
