import { ArrowRight, PhoneCall, Server, Smartphone, Wifi } from "~/ui/icons";
import { ButtonLink } from "~/ui/button";
import type { PublicStockImage } from "~/features/content";
import { IconCardList, type IconPoint } from "./icon-cards";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";
import { StockImage } from "~/features/content";

const SERVICES = [
  {
    icon: Smartphone,
    title: "Business Mobiles",
    text: "SIM-only plans and the latest handsets on every major UK network, with shared data and one bill for the whole team.",
  },
  {
    icon: PhoneCall,
    title: "Business Phone System",
    text: "Cloud phone systems that ring on desks, laptops and mobiles, so customers reach you wherever you're working.",
  },
  {
    icon: Wifi,
    title: "Broadband",
    text: "Fast, reliable business broadband and leased lines with UK support and service levels that suit your premises.",
  },
  {
    icon: Server,
    title: "IT managed services",
    text: "Day-to-day IT support, security and Microsoft 365 management from trusted UK suppliers, for a predictable monthly fee.",
  },
] as const satisfies readonly IconPoint[];

/** What we compare, one tile per service; enquiries go to the contact page. */
export function ServicesTiles({ image }: { image: PublicStockImage | null }) {
  const heading = (
    <SectionHeading
      id="services-title"
      eyebrow="Our services"
      title="Everything your business needs to stay connected"
      description="One independent team to compare the lot, whether you're equipping a new starter or moving the whole office."
      align={image ? "left" : "center"}
    />
  );
  return (
    <Section labelledBy="services-title" tone="muted">
      {image ? (
        <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          {heading}
          <StockImage
            image={image}
            alt={image.description ?? "Business phones, broadband and IT equipment"}
            className="aspect-[16/9] w-full rounded-2xl shadow-lg"
          />
        </div>
      ) : (
        heading
      )}
      <IconCardList
        points={SERVICES}
        className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
        more={(service) => (
          <ButtonLink to="/contact" variant="outline" className="mt-6 self-start">
            Enquire Now<span className="sr-only"> about {service.title}</span>
            <ArrowRight className="size-4" aria-hidden />
          </ButtonLink>
        )}
      />
    </Section>
  );
}
