import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalContactDetails, LegalPage, type LegalSection } from "~/components/site/legal-page";
import { phoneHref, useBrand, type Brand } from "~/lib/brand";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms & Conditions",
    description:
      "The terms of our independent business telecoms comparison and quote service: quotes, supplier contracts, contract terms, charges, liability, complaints and governing law.",
    path: "/terms",
  });

const LAST_UPDATED = "2025-06-19";

function termsSections(brand: Brand): LegalSection[] {
  return [
    {
      id: "about-us",
      title: "About us and these terms",
      body: (
        <>
          <p>
            {brand.name} is a trading name of {brand.legalName}, a company registered in England and Wales under company
            number {brand.companyNumber}, whose registered office is at {brand.address}. In these terms,
            &ldquo;we&rdquo;, &ldquo;us&rdquo; and &ldquo;our&rdquo; mean {brand.legalName}, and &ldquo;you&rdquo; and
            &ldquo;your&rdquo; mean the business using our website or our service.
          </p>
          <p>
            These terms apply when you use this website, ask us for a quote or comparison, or order a service through us.
            Please read them carefully. By using our website or our service you agree to them; if you do not agree,
            please do not use our website or service.
          </p>
          <p>
            Our service is for businesses only. By using it you confirm that you are acting for the purposes of your
            trade, business or profession (including as a sole trader or partnership) and that you have authority to
            act for the business you tell us about.
          </p>
        </>
      ),
    },
    {
      id: "our-service",
      title: "Our service",
      body: (
        <>
          <p>
            We are an independent comparison and brokerage service for UK businesses. We help you compare business
            mobile, business phone system, broadband and managed IT services, recommend options that suit your needs,
            and arrange the service you choose with the supplier.
          </p>
          <p>
            Our service is free for you to use. We are paid commission by the networks and suppliers we arrange services
            with. Commission does not change the price you pay, and we will always recommend the option we believe best
            fits your requirements. If you ask, we will tell you whether we receive commission on a service we recommend.
          </p>
          <p>
            We compare deals from all the major UK networks and a panel of trusted UK suppliers. We do not cover every
            product or tariff available on the market.
          </p>
        </>
      ),
    },
    {
      id: "quotes-and-comparisons",
      title: "Quotes and comparisons",
      body: (
        <>
          <p>
            You can ask for a quote using the short form on our website, by email or by phone. We aim to contact you
            within 24 hours with your quote or to discuss your requirements.
          </p>
          <p>
            Quotes and comparisons are based on the information you give us and on the prices and offers suppliers make
            available to us at the time. They are valid for the period stated on the quote and remain subject to the
            supplier&rsquo;s acceptance, credit checks, network coverage and stock availability. Unless we say
            otherwise, prices are shown excluding VAT.
          </p>
          <p>
            The information on our website is general guidance to help you compare services. It is not advice for your
            specific circumstances, and coverage, speeds and features depend on the supplier and your location. We take
            care to keep it accurate and up to date but cannot guarantee that it always is.
          </p>
        </>
      ),
    },
    {
      id: "contracts-with-suppliers",
      title: "Contracts with suppliers",
      body: (
        <>
          <p>
            When you accept a quote, you enter into a contract for the services with the supplier or network named on
            it, on that supplier&rsquo;s terms and conditions, which we will give you before you order. Where we supply a
            service to you directly, we will tell you in writing, and our order form and these terms will form your
            contract with us.
          </p>
          <p>
            The supplier is responsible for providing the services, including network coverage, connection, faults and
            repairs, in line with its terms. We will help you raise and follow up any issue with the supplier for as
            long as you have services arranged through us.
          </p>
          <p>
            Business contracts do not carry the 14-day cancellation right that applies to consumer contracts. Please
            make sure the services, term and charges are right for your business before you sign.
          </p>
        </>
      ),
    },
    {
      id: "contract-terms",
      title: "Contract terms",
      body: (
        <>
          <p>
            Business contracts arranged through us have a fixed minimum term of 12, 24 or 36 months, as set out in your
            order. The minimum term starts on the date your services are connected or transferred.
          </p>
          <p>
            If you end a contract before its minimum term has passed, the supplier may charge early termination charges
            as set out in its terms. We will show you these charges before you order.
          </p>
          <p>
            When the minimum term ends, your services continue until you or the supplier give notice to end them. We
            will contact you before your contract ends so you can compare the deals available to you at that time.
          </p>
        </>
      ),
    },
    {
      id: "charges-and-payment",
      title: "Charges and payment",
      body: (
        <>
          <p>Your quote and order set out all the charges for your services, including:</p>
          <ul>
            <li>monthly line rental, tariff or licence charges, billed in advance;</li>
            <li>one-off charges such as connection, installation or hardware; and</li>
            <li>any usage outside your allowance, billed in arrears.</li>
          </ul>
          <p>
            Invoice payment terms are typically 14 or 30 days from the invoice date; the exact terms are shown on your
            order and on each invoice. Any annual price change will be as set out in your contract.
          </p>
          <p>
            If an invoice is not paid on time, the supplier (or we, where we supply the service) may charge interest
            and compensation under the Late Payment of Commercial Debts (Interest) Act 1998 and, after giving notice,
            suspend the services until the balance is paid.
          </p>
        </>
      ),
    },
    {
      id: "changes-to-services",
      title: "Changes to services",
      body: (
        <>
          <p>
            We will give you at least 30 days&rsquo; notice of any significant change to your services, such as a
            change to your tariff, allowances or the way a service is provided. If a change is materially to your
            disadvantage, we will tell you what options you have, which may include ending the affected service without
            early termination charges where your supplier&rsquo;s terms allow.
          </p>
          <p>
            You can ask to change your services at any time, for example to add users or move to a different tariff.
            Changes may affect your charges or minimum term, and we will confirm the details in writing before they take
            effect.
          </p>
          <p>
            We may update these terms from time to time. The version on this page, with the date it was last updated,
            is the one that applies.
          </p>
        </>
      ),
    },
    {
      id: "your-responsibilities",
      title: "Your responsibilities",
      body: (
        <>
          <p>You agree to:</p>
          <ul>
            <li>give us complete and accurate information and tell us promptly if anything changes;</li>
            <li>make sure the person ordering has authority to commit your business to a contract;</li>
            <li>pay your invoices in full and on time;</li>
            <li>
              keep devices, SIM cards, passwords and account details secure, and report any loss, theft or misuse to
              the supplier straight away;
            </li>
            <li>
              use the services lawfully and in line with the supplier&rsquo;s fair use and acceptable use policies;
              and
            </li>
            <li>not misuse our website, for example by trying to gain unauthorised access or submitting false details.</li>
          </ul>
        </>
      ),
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of liability",
      body: (
        <>
          <p>
            Nothing in these terms limits or excludes our liability for death or personal injury caused by our
            negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or
            excluded by law.
          </p>
          <p>
            Subject to that, we are not liable for any loss of profits, revenue, business, goodwill or data, or for any
            indirect or consequential loss, however it arises. We are not responsible for the performance of services
            provided by a supplier under its own contract with you.
          </p>
          <p>
            Our total liability to you for all claims arising out of or in connection with our service and these terms,
            whether in contract, tort (including negligence) or otherwise, is capped at the value of the previous 12
            months of services provided to you through us before the event giving rise to the claim.
          </p>
        </>
      ),
    },
    {
      id: "data-protection",
      title: "Data protection",
      body: (
        <>
          <p>
            We use the personal information you give us to prepare your quotes, arrange your services with suppliers
            and keep in touch about your account. We handle it in line with UK data protection law.
          </p>
          <p>
            Our <Link to="/privacy">Privacy Policy</Link> explains what we collect, why, who we share it with and your
            rights. Our <Link to="/cookies">Cookies Policy</Link> explains the cookies this website uses.
          </p>
        </>
      ),
    },
    {
      id: "complaints",
      title: "Complaints",
      body: (
        <>
          <p>
            If you are unhappy with our service, please tell us so we can put it right. Email{" "}
            <a href={`mailto:${brand.email}`}>{brand.email}</a>, call <a href={phoneHref(brand.phone)}>{brand.phone}</a>{" "}
            or write to us at {brand.address}. We will acknowledge your complaint within 5 working days and aim to
            resolve it within 8 weeks.
          </p>
          <p>
            If your complaint is about a service provided by a supplier, that supplier&rsquo;s complaints code applies
            and we will help you raise it. If the complaint is not resolved within 8 weeks, a business with 10 or fewer
            employees may be able to refer it to the supplier&rsquo;s Ofcom-approved alternative dispute resolution
            scheme, free of charge.
          </p>
          <p>
            You can also reach us through our <Link to="/contact">contact page</Link>.
          </p>
        </>
      ),
    },
    {
      id: "governing-law",
      title: "Governing law",
      body: (
        <>
          <p>
            These terms, and any dispute or claim arising out of or in connection with them, are governed by the law of
            England and Wales. The courts of England and Wales have exclusive jurisdiction.
          </p>
          <p>
            If any part of these terms is found to be unenforceable, the rest remains in force. If we do not enforce a
            right straight away, we can still enforce it later.
          </p>
          <LegalContactDetails />
        </>
      ),
    },
  ];
}

export default function TermsPage() {
  const brand = useBrand();
  return (
    <LegalPage
      title="Terms & Conditions"
      summary={
        <p>
          The terms that apply when you use the {brand.name} website and our business telecoms comparison and quote
          service.
        </p>
      }
      lastUpdated={LAST_UPDATED}
      sections={termsSections(brand)}
    />
  );
}
