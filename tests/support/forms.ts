/** A contact enquiry the form accepts, for tests that need one. */
export const SAMPLE_ENQUIRY = {
  firstName: "Sam",
  lastName: "Patel",
  email: "sam@patelplumbing.co.uk",
  contactNumber: "07700 900123",
  subject: "broadband",
  message: "We need faster broadband for our office in Leeds.",
};
