// Icons are imported one file each (not from the "lucide-react" index) so that a page's
// JavaScript holds only the icons it shows: through the index, every icon the app uses
// anywhere landed in one chunk that every page, public or admin, downloaded.
declare module "lucide-react/dist/esm/icons/*.js" {
  import type { IconNode, LucideIcon } from "lucide-react";
  const icon: LucideIcon;
  export default icon;
  /** The icon's shapes, for drawing it once in an SVG sprite. */
  export const __iconNode: IconNode;
}
