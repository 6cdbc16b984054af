/** A guide shown on the home page. The site has no article pages, so these are teasers only. */
export interface ResourceArticle {
  category: string;
  /** ISO date, shown in long UK format. */
  date: string;
  readTime: string;
  title: string;
  description: string;
  /** Which image of the "resources" location illustrates it (0 to 2). */
  imageIndex: 0 | 1 | 2;
}

/** The home page's three resource cards (SPEC section 2: hard-coded, all dated 19 June 2025). */
export const RESOURCE_ARTICLES: readonly ResourceArticle[] = [
  {
    category: "Business Mobiles",
    date: "2025-06-19",
    readTime: "5 min read",
    title: "How to choose the right business mobile tariff",
    description:
      "Data allowances, roaming, contract length and handset costs: what to weigh up before you sign, and how to avoid paying for more than your team uses.",
    imageIndex: 0,
  },
  {
    category: "Guides",
    date: "2025-06-19",
    readTime: "4 min read",
    title: "SIM-only or handset contract: which suits your business?",
    description:
      "Keeping your existing phones can cut monthly costs sharply. We compare the total cost of SIM-only plans against handset deals over a typical contract.",
    imageIndex: 1,
  },
  {
    category: "Connectivity",
    date: "2025-06-19",
    readTime: "6 min read",
    title: "Getting ready for the 2027 digital phone switch-over",
    description:
      "Traditional landlines are being retired across the UK. Here's what the move to digital means for your phone system, alarms and card machines.",
    imageIndex: 2,
  },
];
