import { Link } from "@remix-run/react";
import { ExternalLink, ImageOff, Images, Trash2 } from "~/ui/icons";
import { Badge } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { useBrokenImage } from "~/ui/use-broken-image";
import { formatMegabytes, stockImagePreviewUrl, type StockImageSummary } from "./stock-images";
import { formatDate } from "~/lib/calendar";
import { STOCK_IMAGE_LOCATION_LABELS } from "./stock-image-locations";

/** The preview, or a placeholder icon when it cannot be loaded. */
function Preview({ image }: { image: StockImageSummary }) {
  const [broken, ref, markBroken] = useBrokenImage(image.id);
  return (
    <div className="flex aspect-video items-center justify-center overflow-hidden rounded-t-xl bg-slate-100">
      {broken ? (
        <div
          role="img"
          aria-label={`Preview of ${image.originalName} is unavailable`}
          data-testid="preview-placeholder"
          className="grid justify-items-center gap-2 text-slate-600"
        >
          <ImageOff className="size-10" aria-hidden />
          <span className="text-xs font-medium">Preview unavailable</span>
        </div>
      ) : (
        <img
          ref={ref}
          src={stockImagePreviewUrl(image)}
          alt={image.description || image.originalName}
          loading="lazy"
          decoding="async"
          onError={markBroken}
          className="h-full w-full object-contain"
        />
      )}
    </div>
  );
}

function StockImageCard({ image, canDelete }: { image: StockImageSummary; canDelete: boolean }) {
  return (
    <li className="flex flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="stock-image-card">
      <Preview image={image} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-1.5">
          <h3 className="truncate font-semibold text-slate-900" title={image.originalName}>
            {image.originalName}
          </h3>
          <div>
            <Badge tone="brand">{STOCK_IMAGE_LOCATION_LABELS[image.location]}</Badge>
          </div>
        </div>
        {image.description ? (
          <p className="line-clamp-3 text-sm text-slate-700">{image.description}</p>
        ) : (
          <p className="text-sm text-slate-600 italic">No description</p>
        )}
        <p className="mt-auto text-xs text-slate-600">
          <span data-testid="stock-image-size">{formatMegabytes(image.size)}</span> · Uploaded {formatDate(image.createdAt)}
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={stockImagePreviewUrl(image)} target="_blank" rel="noopener noreferrer" className={buttonClasses("outline", "sm")}>
            <ExternalLink className="size-4" aria-hidden />
            View<span className="sr-only"> {image.originalName} (opens in a new tab)</span>
          </a>
          {canDelete ? (
            <Link
              to={`/admin/stock-images/${image.id}/delete`}
              preventScrollReset
              className="inline-flex h-9 items-center gap-2 rounded-md border border-red-200 bg-white px-3 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
            >
              <Trash2 className="size-4" aria-hidden />
              Delete<span className="sr-only"> {image.originalName}</span>
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The uploaded images as cards: preview, names, location, description, size, View and Delete. */
export function StockImageGrid({ images, canDelete }: { images: StockImageSummary[]; canDelete: boolean }) {
  if (images.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <Images className="size-10 text-slate-400" aria-hidden />
        <p className="font-semibold text-slate-900">No images uploaded yet</p>
        <p className="text-sm text-slate-600">Images you upload appear here and in their section of the website.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
      {images.map((image) => (
        <StockImageCard key={image.id} image={image} canDelete={canDelete} />
      ))}
    </ul>
  );
}
