import { z } from "zod";
import { TOAST_KINDS, type Toast } from "./messages";

/** A flashed toast as it comes back in its (signed) cookie: this guards against our own older shapes, not forgery; anything else shows no toast. */
export const toastSchema = z.object({
  id: z.string().min(1).max(100),
  kind: z.enum(TOAST_KINDS),
  title: z.string().min(1).max(200),
  description: z.string().max(1000).optional(),
}) satisfies z.ZodType<Toast>;
