/** A staff page's HTML as a person sees it: without React's text separators and the scripts (which carry the loader's data). */
export async function pageText(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "").replace(/<script[^>]*>.*?<\/script>/gs, "");
}

/** Each row of a page's table body, its cells' text in order; a line of its own in a cell (a conversion under its count) is joined with a space. */
export function tableRows(html: string): string[][] {
  const body = html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map(([, row]) =>
    [...row.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map(([, cell]) =>
      cell
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    ),
  );
}
