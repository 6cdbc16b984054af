/** A guide: its card on the home page and its page (`/guides/{slug}`, the text in app/features/site/guides/{slug}.mdx). */
export interface ResourceArticle {
  /** The guide's address under /guides/. */
  slug: GuideSlug;
  category: string;
  /** ISO date, shown in long UK format: the card's date and the page's "Last updated". */
  date: string;
  readTime: string;
  /** The card's heading, the page's h1 and title. */
  title: string;
  /** The card's text and the page's meta description. */
  description: string;
  /** Which image of the "resources" location illustrates it (0 to 2). */
  imageIndex: 0 | 1 | 2;
}

export const GUIDE_SLUGS = ["keeping-your-numbers-when-you-switch", "mid-contract-price-rises", "choosing-a-mobile-plan-for-your-team"] as const;
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

/** The home page's three resource cards (SPEC section 2: hard-coded, all dated 19 June 2025), each opening its guide. */
export const RESOURCE_ARTICLES: readonly ResourceArticle[] = [
  {
    slug: "keeping-your-numbers-when-you-switch",
    category: "Switching",
    date: "2025-06-19",
    readTime: "4 min read",
    title: "Keeping your numbers when you switch",
    description:
      "How a PAC moves each of your team's mobile numbers to a new network within one working day, when you need a STAC instead, and what to check before you text for one.",
    imageIndex: 0,
  },
  {
    slug: "mid-contract-price-rises",
    category: "Contracts",
    date: "2025-06-19",
    readTime: "4 min read",
    title: "What mid-contract price rises mean for your business",
    description:
      "Since January 2025 a price rise must be set out in pounds and pence before you sign. What Ofcom's rule means for your bills, and when you can leave without paying a penalty.",
    imageIndex: 1,
  },
  {
    slug: "choosing-a-mobile-plan-for-your-team",
    category: "Business Mobiles",
    date: "2025-06-19",
    readTime: "5 min read",
    title: "Choosing a mobile plan for your team",
    description:
      "Lines, shared data, 5G, roaming, contract length and multi-line discounts: what to weigh up so your business pays for what your team uses, and no more.",
    imageIndex: 2,
  },
];

export const guidePath = (slug: GuideSlug) => `/guides/${slug}`;

/** The guide at a slug, or undefined for an address that is none. */
export const guideOf = (slug: string | undefined) => RESOURCE_ARTICLES.find((article) => article.slug === slug);
