import { z } from "zod";
import { languages } from "../../../../shared/i18n/api/mod.ts";
import { email, password, username } from "../users/contract.ts";

export const Register = z.object({
  companyName: z.string().trim().min(1).min(2).max(200),
  taxId: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9 .\/-]+$/),
  username,
  email,
  password,
  repeatPassword: z.string(),
  acceptTerms: z.boolean().optional(),
  language: z.enum(languages).default("en-us"),
}).superRefine((v, ctx) => {
  if (v.password !== v.repeatPassword) {
    ctx.addIssue({
      code: "custom",
      path: ["repeatPassword"],
      params: { code: "validation.passwordsMustMatch" },
      input: v.repeatPassword,
    });
  }
  if (v.acceptTerms !== true) {
    ctx.addIssue({
      code: "custom",
      path: ["acceptTerms"],
      params: { code: "validation.mustAcceptTerms" },
      input: v.acceptTerms,
    });
  }
});

export const Registered = z.object({ slug: z.string(), status: z.literal("pendingApproval") });

export const MakeReset = z.object({
  code: z.string().trim().min(1).max(64),
  password,
  repeatPassword: z.string(),
}).superRefine((v, ctx) => {
  if (v.password !== v.repeatPassword) {
    ctx.addIssue({
      code: "custom",
      path: ["repeatPassword"],
      params: { code: "validation.passwordsMustMatch" },
      input: v.repeatPassword,
    });
  }
});
