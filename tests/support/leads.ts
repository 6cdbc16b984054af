/** The Lead of SPEC section 3 ("Lead (quote request, admin view)"), by the spec's own names. */
export const SPEC_LEAD_FIELDS = [
  "id",
  "companyName",
  "firstName",
  "lastName",
  "jobTitle",
  "email",
  "phoneNumber",
  "teamSize",
  "contractLength",
  "requirements",
  "status",
  "createdAt",
  "updatedAt",
] as const;
