import { Link } from "@remix-run/react";
import { TriangleAlert } from "~/ui/icons";
import { TARIFFS_ADMIN_PATH } from "./tariffs-screen";
import { countOf, plural } from "~/lib/plural";

/** Tariffs offered or being prepared whose prices were checked more than TARIFF_STALE_DAYS ago: visitors see the old check date. */
export function StaleTariffsNotice({ count, staleDays }: { count: number; staleDays: number }) {
  return (
    <section aria-labelledby="stale-tariffs-heading" className="rounded-xl bg-amber-50 p-5 ring-1 ring-amber-200" data-testid="stale-tariffs-warning">
      <h2 id="stale-tariffs-heading" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <TriangleAlert className="size-5" aria-hidden />
        {`${countOf(count, "tariff")} ${plural(count, "has", "have")} prices older than ${countOf(staleDays, "day")}`}
      </h2>
      <p className="mt-2 text-sm text-amber-950">
        Check them with the network and save the new check date, or withdraw them.{" "}
        <Link to={`${TARIFFS_ADMIN_PATH}?stale=1`} className="font-medium underline underline-offset-2">
          See the stale tariffs
        </Link>
      </p>
    </section>
  );
}
