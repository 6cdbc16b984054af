// Icons are imported one file each (not from the "lucide-react" index) so that a page's
// JavaScript holds only the icons it shows: through the index, every icon the app uses
// anywhere landed in one chunk that every page, public or admin, downloaded.
declare module "lucide-react/dist/esm/icons/*.js" {
  import type { LucideIcon } from "lucide-react";
  const icon: LucideIcon;
  export default icon;
}
