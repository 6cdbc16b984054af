import { useLocation } from "@remix-run/react";
import { ConfirmForm } from "~/ui/confirm-form";
import { RouteDialog } from "~/ui/dialog";
import { MissingRecordDialog } from "~/ui/missing-record-dialog";
import type { TariffStatus } from "./tariffs";
import { TARIFF_NOT_LIVE, TARIFF_WITHDRAW_WORDS as WORDS, TARIFFS_ADMIN_PATH } from "./tariffs-screen";

interface WithdrawTariffDialogProps {
  /** The tariff asked about; null once it is gone. */
  tariff: { slug: string; title: string; status: TariffStatus } | null;
}

/** The confirmation before a live tariff leaves the website: what withdrawing does, Withdraw and Cancel. A tariff not live is only told about. */
export function WithdrawTariffDialog({ tariff }: WithdrawTariffDialogProps) {
  // Closing goes back to the list with its search and page.
  const closeTo = `${TARIFFS_ADMIN_PATH}${useLocation().search}`;
  if (!tariff) return <MissingRecordDialog title="Tariff not found" closeTo={closeTo} text={WORDS.goneText} />;
  return (
    <RouteDialog title={WORDS.title} description={`${tariff.title} (${tariff.slug})`} closeTo={closeTo}>
      {tariff.status === "live" ? (
        <ConfirmForm question={WORDS.question} cancelTo={closeTo} confirmLabel={WORDS.confirmLabel} busyLabel={WORDS.busyLabel} />
      ) : (
        <p className="text-slate-700">{TARIFF_NOT_LIVE[tariff.status]}.</p>
      )}
    </RouteDialog>
  );
}
