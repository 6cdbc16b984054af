/** A contact enquiry the form accepts, for tests that need one. */
export const SAMPLE_ENQUIRY = {
  firstName: "Sam",
  lastName: "Patel",
  email: "sam@patelplumbing.co.uk",
  contactNumber: "07700 900123",
  subject: "broadband",
  message: "We need faster broadband for our office in Leeds.",
};

/** A complete quote request the API accepts (every field), for tests that need one. */
export const SAMPLE_QUOTE = {
  teamSize: "5 - 9",
  contractExpiry: "Under 3 months",
  businessType: "LTD company",
  businessName: "Patel Plumbing Ltd",
  postcode: "ls1 4ap",
  firstName: "Sam",
  lastName: "Patel",
  email: "sam@patelplumbing.co.uk",
  phoneNumber: "07700 900123",
  contractLength: "24 months",
  companyName: "Patel Plumbing",
  jobTitle: "Director",
  requirements: "Good signal in rural Yorkshire",
};

/** A brand as the emails and pages read it: made-up details, an ampersand to be escaped. */
export const SAMPLE_BRAND = {
  name: "Smith & Sons Telecoms",
  legalName: "Smith & Sons Ltd",
  companyNumber: "01234567",
  address: "1 High Street, Leeds",
  vatNumber: "GB 999 9999 73",
  paymentInstructions: null,
  phone: "0113 496 0000",
  email: "quotes@smith.example",
  product: "Business Mobiles",
  referencePrefix: "SST",
};
