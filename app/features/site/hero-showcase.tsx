import { ShieldCheck } from "~/ui/icons";
import type { PublicStockImage } from "~/features/content";
import { StockImage } from "~/features/content";
import { TrustStats } from "./trust-stats";

/** The home hero's visual: the staff-chosen hero image, or the headline numbers when there is none. */
export function HeroShowcase({ image }: { image: PublicStockImage | null }) {
  if (image) {
    return (
      <div className="relative">
        <StockImage
          image={image}
          alt={image.description ?? "A small business team comparing mobile deals"}
          className="aspect-[4/3] w-full rounded-2xl shadow-2xl ring-1 ring-white/10"
          priority
        />
        <div className="absolute -bottom-6 left-4 flex items-center gap-3 rounded-xl bg-white px-4 py-3 text-slate-900 shadow-xl sm:left-6">
          <ShieldCheck className="size-8 shrink-0 text-brand-600" aria-hidden />
          <p className="text-sm leading-5">
            <strong className="block text-base">100% independent</strong>
            Compared for over 100,000 businesses
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-2xl sm:p-8">
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
        <ShieldCheck className="size-5" aria-hidden />
        Trusted by UK small businesses
      </p>
      <TrustStats className="mt-6" />
      <p className="mt-8 border-t border-slate-200 pt-6 text-sm leading-6 text-slate-600">
        We work with trusted UK suppliers and award-winning B2B dealers, so every quote covers the major UK networks side by side.
      </p>
    </div>
  );
}
