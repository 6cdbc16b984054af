import { createElement, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RENDER_ABORT_DELAY_MS, renderWholePage } from "~/platform/render-page.server";

// Only the abort timer is faked: React schedules its own work with setImmediate, which stays real.
const fakeTimeouts = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

/** A part of the page whose data never comes. */
function NeverReady(): never {
  throw new Promise(() => {});
}

describe("rendering a whole page", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("gives the page as one string and leaves no abort timer holding the render once it is sent", async () => {
    fakeTimeouts();
    const rows = Array.from({ length: 50 }, (_, index) => createElement("li", { key: index }, `Lead ${index}`));
    const html = await renderWholePage(createElement("ul", null, rows));
    expect(html).toBe(`<ul>${Array.from({ length: 50 }, (_, index) => `<li>Lead ${index}</li>`).join("")}</ul>`);
    // A waiting timer keeps the render (every chunk of the page) in memory until it fires.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops a render that is still waiting after the abort delay and answers null (the page could not be rendered)", async () => {
    fakeTimeouts();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let settled = false;
    const rendering = renderWholePage(createElement(Suspense, { fallback: "Loading" }, createElement(NeverReady))).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(RENDER_ABORT_DELAY_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(rendering).resolves.toBeNull();
    expect(logged).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
