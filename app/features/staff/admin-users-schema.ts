import { z } from "zod";
import { NEW_ADMIN_USER_FIELDS } from "./admin-users";
import { formSchema } from "~/lib/schema-fields";
import { ADMIN_ROLES } from "./admin-roles";

const role = z.enum(ADMIN_ROLES, { errorMap: () => ({ message: "Choose Administrator, Super Administrator or Manager" }) });

/** Add Admin User (SPEC sections 3 and 7): the page's dialog and `POST /admin/api/users`. */
export const newAdminUserSchema = formSchema(NEW_ADMIN_USER_FIELDS).extend({
  role: role.default("admin"),
  // The spec's client sends these; the server accepts them within bounds.
  id: z
    .string()
    .regex(/^user_[A-Za-z0-9_]{1,60}$/, "The id must look like user_<timestamp>_<random>")
    .optional(),
  isActive: z.boolean().optional(),
  profileImageUrl: z.string().url().startsWith("https://").max(500).nullable().optional(),
});
export type NewAdminUserInput = z.infer<typeof newAdminUserSchema>;

export const adminRoleChangeSchema = z.object({ role });
