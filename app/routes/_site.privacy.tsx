import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalContactDetails, LegalPage, type LegalSection } from "~/components/site/legal-page";
import { phoneHref, useBrand, type Brand } from "~/lib/brand";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description:
      "How we collect, use, share and protect personal information when you compare business telecoms deals, request a quote, contact us or sign up to our newsletter, and your rights under UK GDPR.",
    path: "/privacy",
  });

const LAST_UPDATED = "2025-06-19";

function privacySections(brand: Brand): LegalSection[] {
  return [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <>
          <p>
            {brand.name} is a trading name of {brand.legalName}, a company registered in England and Wales under company
            number {brand.companyNumber}. {brand.legalName} is the data controller for the personal information
            described in this policy, which means we decide how and why it is used and are responsible for looking after
            it.
          </p>
          <p>
            If you have any questions about this policy or how we handle your information, please contact us at{" "}
            <a href={`mailto:${brand.email}`}>{brand.email}</a> or write to us at {brand.address}.
          </p>
        </>
      ),
    },
    {
      id: "information-we-collect",
      title: "The information we collect",
      body: (
        <>
          <h3>When you request a quote</h3>
          <p>Our quote form asks for:</p>
          <ul>
            <li>the size of your team and when your current contract ends;</li>
            <li>your business type, business name and postcode; and</li>
            <li>your first and last name, email address and phone number.</li>
          </ul>
          <p>
            When we speak to you about your quote we may also note your job title, the services you use now and your
            requirements.
          </p>
          <h3>When you contact us</h3>
          <p>
            Our contact form asks for your name, email address, contact number, the subject of your enquiry and your
            message. If you email or call us, we keep a record of what you tell us.
          </p>
          <h3>When you sign up to our newsletter</h3>
          <p>We ask for your first name, last name and email address.</p>
          <h3>When you use our website</h3>
          <p>
            Our servers receive technical information such as your IP address, browser type and the pages you request,
            which we use to keep the site secure and working. If you accept analytics cookies, Google Analytics also
            collects information about how you use the site, such as the pages you visit and the device you use. Our{" "}
            <Link to="/cookies">Cookies Policy</Link> lists every cookie we use.
          </p>
          <p>
            We do not ask for special category information (such as health details), and we ask you not to include it
            in your messages.
          </p>
        </>
      ),
    },
    {
      id: "how-we-use-your-information",
      title: "How we use your information",
      body: (
        <>
          <p>We use your information to:</p>
          <ul>
            <li>contact you about your quote request, usually within 24 hours, and compare deals that suit your business;</li>
            <li>arrange the services you choose with the supplier and support you during your contract;</li>
            <li>answer your enquiries;</li>
            <li>send you our newsletter, if you signed up for it;</li>
            <li>understand how our website is used and improve it, if you accept analytics cookies;</li>
            <li>protect our website and forms from spam, fraud and misuse; and</li>
            <li>meet our legal, accounting and regulatory obligations.</li>
          </ul>
          <p>
            We do not sell your personal information, and we do not make decisions about you by automated means that
            have legal or similarly significant effects.
          </p>
        </>
      ),
    },
    {
      id: "lawful-bases",
      title: "Our lawful bases",
      body: (
        <>
          <p>UK data protection law requires us to have a lawful basis for each use of your information. We rely on:</p>
          <ul>
            <li>
              <strong>Contract:</strong> where you are a sole trader or partner and we need your details to prepare a
              quote you have asked for or to arrange a service for you.
            </li>
            <li>
              <strong>Legitimate interests:</strong> to respond to quote requests and enquiries from businesses, to run
              and improve our service, and to keep our website secure. We only rely on this where our interests are not
              overridden by your rights.
            </li>
            <li>
              <strong>Consent:</strong> for analytics cookies and for our newsletter. You can withdraw your consent at
              any time, and this does not affect anything we did before you withdrew it.
            </li>
            <li>
              <strong>Legal obligation:</strong> where we must keep records, for example for tax and accounting.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "sharing-your-information",
      title: "Sharing your information",
      body: (
        <>
          <p>We share your information only where we need to, with:</p>
          <ul>
            <li>
              <strong>The suppliers and networks we compare:</strong> the mobile networks, phone system, broadband and IT
              service providers whose deals we compare, so that they can confirm prices, carry out credit checks and
              provide the services you choose. We share only what they need for your quote or order.
            </li>
            <li>
              <strong>Our service providers:</strong> companies that host our website and store our data, provide our
              email and phone systems, and Google, which provides our website analytics if you accept analytics cookies.
              They act on our instructions and may not use your information for their own purposes.
            </li>
            <li>
              <strong>Professional advisers and authorities:</strong> our accountants, lawyers and insurers, and the
              police, regulators or courts where the law requires it.
            </li>
            <li>
              <strong>A buyer of our business:</strong> if we sell or transfer our business, your information may pass
              to the new owner, who must use it in line with this policy.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "international-transfers",
      title: "International transfers",
      body: (
        <>
          <p>
            We store your information in the UK or the European Economic Area wherever we can. Some of our service
            providers, including Google, may process information in other countries, such as the United States.
          </p>
          <p>
            When your information is transferred outside the UK, we make sure it is protected to UK standards: either
            the country is covered by UK adequacy regulations (including the UK-US data bridge), or the transfer is made
            under the ICO&rsquo;s International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual
            Clauses.
          </p>
        </>
      ),
    },
    {
      id: "how-long-we-keep-it",
      title: "How long we keep your information",
      body: (
        <>
          <p>We keep your information only as long as we need it:</p>
          <ul>
            <li>
              <strong>Quote requests:</strong> up to 2 years after our last contact with you, unless you become a
              customer.
            </li>
            <li>
              <strong>Customer records:</strong> for the length of your contract and 6 years afterwards, to meet our
              legal and accounting obligations and deal with any claims.
            </li>
            <li>
              <strong>Contact enquiries:</strong> up to 2 years after we last replied to you.
            </li>
            <li>
              <strong>Newsletter sign-ups:</strong> until you unsubscribe. We then keep your email address on a
              suppression list so we do not contact you again.
            </li>
            <li>
              <strong>Analytics data:</strong> up to 14 months in Google Analytics. Our{" "}
              <Link to="/cookies">Cookies Policy</Link> gives the lifetime of each cookie.
            </li>
          </ul>
          <p>When we no longer need your information, we delete it or make it anonymous.</p>
        </>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      body: (
        <>
          <p>Under UK data protection law you have the right to:</p>
          <ul>
            <li>ask for a copy of the personal information we hold about you;</li>
            <li>ask us to correct information that is inaccurate or incomplete;</li>
            <li>ask us to delete your information;</li>
            <li>ask us to restrict how we use your information;</li>
            <li>object to our use of your information based on legitimate interests, and to direct marketing at any time;</li>
            <li>ask for information you gave us in a portable format; and</li>
            <li>withdraw your consent at any time where we rely on it.</li>
          </ul>
          <p>
            To use any of these rights, contact us at <a href={`mailto:${brand.email}`}>{brand.email}</a> or call{" "}
            <a href={phoneHref(brand.phone)}>{brand.phone}</a>. There is normally no charge, and we will reply within
            one month. We may ask you to confirm your identity first.
          </p>
          <p>
            If you are unhappy with how we have handled your information, please tell us first so we can try to put it
            right. You also have the right to complain to the Information Commissioner&rsquo;s Office (ICO), the UK
            regulator for data protection, at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a> or on 0303
            123 1113.
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "Keeping your information secure",
      body: (
        <>
          <p>
            We use appropriate technical and organisational measures to protect your information. Our website is
            served over an encrypted connection (HTTPS), our forms are protected against automated abuse, and only
            authorised staff who sign in with their own accounts can see quote requests and enquiries.
          </p>
          <p>
            Our staff and service providers are required to keep your information confidential. No system is
            completely secure, but if a breach occurs that is likely to put your rights at risk, we will tell you and
            the ICO as the law requires.
          </p>
        </>
      ),
    },
    {
      id: "changes-and-contact",
      title: "Changes to this policy and how to contact us",
      body: (
        <>
          <p>
            We may update this policy from time to time, for example when we change how we use your information or the
            law changes. The current version is always on this page, with the date it was last updated. If we make
            significant changes, we will tell you where we can.
          </p>
          <p>For any question about this policy or your information, please contact us:</p>
          <LegalContactDetails />
        </>
      ),
    },
  ];
}

export default function PrivacyPage() {
  const brand = useBrand();
  return (
    <LegalPage
      title="Privacy Policy"
      summary={<p>How {brand.name} collects, uses and protects your personal information, and the rights you have.</p>}
      lastUpdated={LAST_UPDATED}
      introduction={
        <>
          <p>
            We respect your privacy and are committed to protecting your personal information. This policy explains what
            information we collect when you use our website, request a quote, contact us or sign up to our newsletter;
            how we use it; who we share it with; and the choices and rights you have.
          </p>
          <p>
            Our customers are businesses, but information about the people we deal with, such as your name, work email
            and phone number, is still personal information. We handle it in line with the UK General Data Protection
            Regulation (UK GDPR), the Data Protection Act 2018 and the Privacy and Electronic Communications Regulations
            (PECR).
          </p>
        </>
      }
      sections={privacySections(brand)}
    />
  );
}
