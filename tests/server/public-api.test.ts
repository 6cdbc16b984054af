import type { Insertable } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer } from "../support/server";
import { STOCK_IMAGE_LOCATIONS } from "~/features/content/stock-image-locations";
import type { StockImagesTable, TestimonialsTable } from "~/features/content/content-tables";

// The public JSON routes of SPEC section 7, against the real built server.

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

beforeEach(async () => {
  await server.db.deleteFrom("testimonials").execute();
  await server.db.deleteFrom("stockImages").execute();
});

function testimonial(overrides: Partial<Insertable<TestimonialsTable>>): Insertable<TestimonialsTable> {
  return {
    name: "Sarah Mitchell",
    company: "Mitchell & Co Accountants",
    position: "Practice Manager",
    content: "We now save over £90 a month.",
    rating: 5,
    featured: 1,
    date: "March 14, 2025",
    createdAt: "2025-03-14T09:00:00.000Z",
    updatedAt: "2025-03-14T09:00:00.000Z",
    ...overrides,
  };
}

function stockImage(overrides: Partial<Insertable<StockImagesTable>>): Insertable<StockImagesTable> {
  return {
    filename: `${Math.random().toString(36).slice(2)}.jpg`,
    originalName: "office.jpg",
    description: null,
    location: "general",
    size: 1234,
    contentType: "image/jpeg",
    createdAt: "2025-06-01T09:00:00.000Z",
    ...overrides,
  };
}

async function getJson(path: string) {
  const response = await fetch(`${server.url}${path}`);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe("GET /api/testimonials", () => {
  it("answers an empty list when there are none", async () => {
    const { status, headers, body } = await getJson("/api/testimonials");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual([]);
  });

  it("lists only what the public site shows: the featured testimonials, newest first, with the fields the site shows", async () => {
    await server.db
      .insertInto("testimonials")
      .values([
        testimonial({ name: "Older Person", featured: 1, rating: 4, createdAt: "2025-01-01T09:00:00.000Z" }),
        testimonial({ name: "Newer Person", featured: 1, rating: 5, createdAt: "2025-02-01T09:00:00.000Z" }),
        testimonial({ name: "Not Yet Featured", featured: 0, content: "A draft staff have not published.", createdAt: "2025-03-01T09:00:00.000Z" }),
      ])
      .execute();

    const { status, body } = await getJson("/api/testimonials");
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: expect.any(Number),
        name: "Newer Person",
        company: "Mitchell & Co Accountants",
        position: "Practice Manager",
        content: "We now save over £90 a month.",
        rating: 5,
        featured: true,
        date: "March 14, 2025",
      },
      expect.objectContaining({ name: "Older Person", rating: 4, featured: true }),
    ]);
    expect(JSON.stringify(body)).not.toContain("A draft staff have not published");
  });

  it("answers an empty list when none is featured (the site then shows its samples)", async () => {
    await server.db
      .insertInto("testimonials")
      .values(testimonial({ name: "Unfeatured", featured: 0 }))
      .execute();
    expect((await getJson("/api/testimonials")).body).toEqual([]);
  });
});

describe("GET /api/stock-images/by-location/{location}", () => {
  it("lists only the asked location's images, oldest first", async () => {
    await server.db
      .insertInto("stockImages")
      .values([
        stockImage({ filename: "second.jpg", originalName: "second.jpg", location: "general", createdAt: "2025-06-02T09:00:00.000Z" }),
        stockImage({ filename: "services.jpg", originalName: "services.jpg", location: "services" }),
        stockImage({
          filename: "first.jpg",
          originalName: "first.jpg",
          description: "Team in the office",
          location: "general",
          createdAt: "2025-06-01T09:00:00.000Z",
        }),
      ])
      .execute();

    const general = await getJson("/api/stock-images/by-location/general");
    expect(general.status).toBe(200);
    expect(general.body).toEqual([
      { id: expect.any(Number), filename: "first.jpg", description: "Team in the office", originalName: "first.jpg" },
      { id: expect.any(Number), filename: "second.jpg", description: null, originalName: "second.jpg" },
    ]);

    const services = await getJson("/api/stock-images/by-location/services");
    expect(services.body).toEqual([expect.objectContaining({ filename: "services.jpg" })]);

    const empty = await getJson("/api/stock-images/by-location/about-us");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
  });

  it("answers 400 with the allowed locations for an unknown one", async () => {
    for (const location of ["nowhere", "GENERAL", "%3Cscript%3E", "formlogo5"]) {
      const { status, body } = await getJson(`/api/stock-images/by-location/${location}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: "Unknown location", allowed: [...STOCK_IMAGE_LOCATIONS] });
    }
  });
});

describe("methods other than GET", () => {
  it.each(["/api/testimonials", "/api/stock-images/by-location/general", "/api/stock-images/by-location/nowhere"])(
    "answers 405 to a POST, PUT or DELETE on %s",
    async (path) => {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: { "Content-Type": "application/json" },
          body: "{}",
        });
        expect(response.status).toBe(405);
        await response.body?.cancel();
      }
    },
  );
});
