import { z } from "zod";
import { TOAST_KINDS, type Toast } from "./messages";

/**
 * A flashed toast as it comes back in its cookie. The cookie is signed, so this
 * guards against our own older shapes rather than forgery: anything else shows no toast.
 */
export const toastSchema = z.object({
  id: z.string().min(1).max(100),
  kind: z.enum(TOAST_KINDS),
  title: z.string().min(1).max(200),
  description: z.string().max(1000).optional(),
}) satisfies z.ZodType<Toast>;
