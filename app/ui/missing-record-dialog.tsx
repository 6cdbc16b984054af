import { RouteDialog } from "./dialog";

/** The dialog of a record that is not there (deleted, or a wrong address): says so, closes back to the list. */
export function MissingRecordDialog({ title, closeTo, text }: { title: string; closeTo: string; text: string }) {
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <p className="text-slate-700">{text}</p>
    </RouteDialog>
  );
}
