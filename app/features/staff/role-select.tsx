import type { SelectHTMLAttributes } from "react";
import { Select } from "~/ui/field";
import { ADMIN_ROLES, ADMIN_ROLE_LABELS } from "./admin-roles";

/** The role picker of the Users dialogs: the spec's three roles with their labels. */
export function RoleSelect(props: Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "children">) {
  return (
    <Select {...props} name="role">
      {ADMIN_ROLES.map((role) => (
        <option key={role} value={role}>
          {ADMIN_ROLE_LABELS[role]}
        </option>
      ))}
    </Select>
  );
}
