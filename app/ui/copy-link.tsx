import { useEffect, useId, useRef, useState } from "react";
import { Button } from "./button";

/**
 * A link for staff to send on: in a read-only box they can select and copy without JavaScript, and with it a Copy link button
 * that copies it and says so.
 */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [scripted, setScripted] = useState(false);
  const [said, setSaid] = useState("");
  useEffect(() => setScripted(true), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setSaid("Link copied");
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected for the keyboard's copy.
      box.current?.select();
      setSaid("Link selected: press Ctrl+C (Cmd+C on a Mac) to copy it");
    }
  }

  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={box}
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 font-mono text-xs text-slate-800"
          data-testid="copy-link-url"
        />
        {scripted ? (
          <Button type="button" size="sm" variant="outline" onClick={copy}>
            Copy link
          </Button>
        ) : null}
      </div>
      <p role="status" className="text-xs text-slate-600">
        {said}
      </p>
    </div>
  );
}
