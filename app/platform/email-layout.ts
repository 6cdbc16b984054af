import { escapeHtml } from "~/lib/html";
import type { Brand } from "./brand";

/** The parts every email is made of: escaped HTML, a table of facts, a link, the document and the company's signature. */

/** A staff link: the portal's address for a record. */
export function portalUrl(appUrl: string, path: string): string {
  return new URL(path, appUrl).toString();
}

export type Row = [label: string, value: string];

export const textRows = (rows: Row[]) => rows.map(([label, value]) => `${label}: ${value}`).join("\n");

export const htmlRows = (rows: Row[]) =>
  `<table cellpadding="4" cellspacing="0" style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding-right:16px">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;

export const htmlLink = (url: string, text: string) => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;

export function htmlDocument(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">${body}</body></html>`;
}

/** The company lines every email ends with. */
export function signature(brand: Brand): { text: string; html: string } {
  const company = `${brand.legalName}, ${brand.address}. Company number ${brand.companyNumber}.`;
  return {
    text: `${brand.name}\nPhone ${brand.phone} · ${brand.email}\n${company}`,
    html: `<p style="margin-top:24px;color:#475569;font-size:13px"><strong>${escapeHtml(brand.name)}</strong><br>Phone ${escapeHtml(brand.phone)} · ${htmlLink(`mailto:${brand.email}`, brand.email)}<br>${escapeHtml(company)}</p>`,
  };
}
