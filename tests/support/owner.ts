/** The super admin a test server makes at start-up from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const TEST_OWNER: { readonly email: string; readonly password: string } = { email: "owner@clearlinebusiness.co.uk", password: "correct-horse-battery" };

/** The variables that make TEST_OWNER. */
export const TEST_OWNER_ENV = { ADMIN_EMAIL: TEST_OWNER.email, ADMIN_PASSWORD: TEST_OWNER.password };
