/** Every public page of the site (SPEC section 2), by path. */
export const PUBLIC_PAGE_PATHS = ["/", "/business-mobile", "/about", "/contact", "/testimonials", "/terms", "/privacy", "/cookies"];

/**
 * Every staff screen, by path, signed in as a super admin: the lists, a lead's details and its
 * delete dialog (lead 1: seed one first), the add dialogs, and the password screen.
 */
export const STAFF_PAGE_PATHS = [
  "/admin/dashboard",
  "/admin/leads",
  "/admin/leads/1",
  "/admin/leads/1/delete",
  "/admin/enquiries",
  "/admin/newsletter",
  "/admin/testimonials",
  "/admin/testimonials/new",
  "/admin/stock-images",
  "/admin/users",
  "/admin/users/new",
  "/admin/account/password",
];
