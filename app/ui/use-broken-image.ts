import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * Remembers that the image shown for `key` failed to load, so a placeholder
 * can take its place. An image that broke before the page hydrated fired its
 * error event too early for React, so the effect checks the element itself once.
 */
export function useBrokenImage(key: string | number | null): [boolean, RefObject<HTMLImageElement>, () => void] {
  const ref = useRef<HTMLImageElement>(null);
  const [failedKey, setFailedKey] = useState<string | number | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (key !== null && element?.complete && element.naturalWidth === 0) setFailedKey(key);
  }, [key]);

  return [key !== null && failedKey === key, ref, () => setFailedKey(key)];
}
