import { useCallback, useEffect, useRef, useState } from "react";

/** How long the track must be still before a scroll counts as finished. */
const SETTLE_MS = 150;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A horizontal scroll-snap track driven by previous/next/dot controls that wrap around. The track works on its own without JavaScript; this hook adds the
 * wrap-around and keeps the active index in step with the scroll position.
 *
 * Slides are the track's children marked `data-carousel-slide`; the track should be `position: relative` so their offsets are measured from it.
 */
export function useCarousel(count: number) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [enhanced, setEnhanced] = useState(false);
  // While a button-driven scroll runs, the target wins over the passing positions.
  const targetRef = useRef<number | null>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => setEnhanced(true), []);

  const slides = useCallback((): HTMLElement[] => {
    const track = trackRef.current;
    return track ? Array.from(track.querySelectorAll<HTMLElement>("[data-carousel-slide]")) : [];
  }, []);

  /** The slide whose centre is nearest the track's centre. */
  const indexFromScroll = useCallback((): number => {
    const track = trackRef.current;
    // Laid out as a grid (desktop), nothing scrolls: the first slide leads.
    if (!track || track.scrollWidth <= track.clientWidth + 1) return 0;
    const centre = track.scrollLeft + track.clientWidth / 2;
    let nearest = 0;
    let nearestDistance = Number.POSITIVE_INFINITY;
    slides().forEach((slide, index) => {
      const distance = Math.abs(slide.offsetLeft + slide.offsetWidth / 2 - centre);
      if (distance < nearestDistance) {
        nearest = index;
        nearestDistance = distance;
      }
    });
    return nearest;
  }, [slides]);

  const settleLater = useCallback(
    (delay: number) => {
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(() => {
        targetRef.current = null;
        setActiveIndex(indexFromScroll());
      }, delay);
    },
    [indexFromScroll],
  );

  const goTo = useCallback(
    (index: number) => {
      if (count === 0) return;
      const wrapped = ((index % count) + count) % count;
      const track = trackRef.current;
      const slide = slides()[wrapped];
      setActiveIndex(wrapped);
      if (!track || !slide) return;
      targetRef.current = wrapped;
      track.scrollTo({
        left: slide.offsetLeft - (track.clientWidth - slide.offsetWidth) / 2,
        behavior: prefersReducedMotion() ? "auto" : "smooth",
      });
      // If the track is already there no scroll event fires: settle anyway.
      settleLater(SETTLE_MS * 4);
    },
    [count, slides, settleLater],
  );

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScroll = () => {
      if (targetRef.current === null) setActiveIndex(indexFromScroll());
      settleLater(SETTLE_MS);
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      track.removeEventListener("scroll", onScroll);
      clearTimeout(settleTimer.current);
    };
  }, [indexFromScroll, settleLater]);

  // Opened at #testimonial-N (a link followed before the script loaded): start there.
  useEffect(() => {
    setActiveIndex(indexFromScroll());
  }, [indexFromScroll]);

  return {
    trackRef,
    activeIndex,
    /** True once the script runs: controls become buttons instead of links. */
    enhanced,
    /** Scrolls to a slide; indexes past either end wrap around. */
    goTo,
  };
}
