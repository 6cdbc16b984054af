import { ImageIcon } from "lucide-react";
import { cn } from "~/lib/cn";
import { stockImagePreviewUrl, type PublicStockImage } from "~/lib/stock-images";

export function StockImage({
  image,
  alt,
  className,
  placeholderLabel,
}: {
  image: PublicStockImage | null;
  alt: string;
  className?: string;
  placeholderLabel?: string;
}) {
  if (image) return <img src={stockImagePreviewUrl(image)} alt={alt} className={cn("object-cover", className)} />;
  return (
    <div role="img" aria-label={placeholderLabel ?? alt} className={cn("flex items-center justify-center bg-slate-100", className)}>
      <ImageIcon className="size-10 text-slate-400" aria-hidden />
    </div>
  );
}
