import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WithdrawTariffDialog } from "~/features/tariffs/withdraw-tariff-dialog";
import { loadWithdrawTariff, withdrawTariffFromDialog } from "~/features/tariffs/tariff-pages.server";

/** "Withdraw" on a live tariff asks first, like Delete: a page without JavaScript, a dialog over the list with it. */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadWithdrawTariff(request, params.slug);

export const action = ({ request, params }: ActionFunctionArgs) => withdrawTariffFromDialog(request, params.slug);

export default function WithdrawTariff() {
  const { tariff } = useLoaderData<typeof loader>();
  return <WithdrawTariffDialog tariff={tariff} />;
}
