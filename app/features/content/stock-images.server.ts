import { createReadStream } from "node:fs";
import type { AdminUser } from "~/features/staff";
import { stockImageFieldsSchema } from "./stock-images-schema";
import { UPLOAD_PROBLEMS, type PublicStockImage, type StockImageSummary, type UploadProblem } from "./stock-images";
import { getDb, nowIso } from "~/platform/db.server";
import { rememberPublicContent } from "~/platform/public-content.server";
import type { StockImageUpload } from "~/platform/image-upload.server";
import { allVariantStorageKeys, readImageSize, readStoredImageSize } from "~/platform/image-variants.server";
import { getStorage, newStorageKey, type StoredObject } from "~/platform/storage.server";
import { recordAudit } from "~/features/staff/index.server";
import { ModelError } from "~/platform/model-error.server";
import { logger } from "~/platform/logger.server";
import { STOCK_IMAGE_LOCATION_LABELS, type StockImageLocation } from "./stock-image-locations";
import type { StockImageRow } from "./content-tables";

/** What the public pages read of an image: enough to show it at its size, with its variants. */
const PUBLIC_COLUMNS = ["id", "filename", "description", "originalName", "location", "contentType", "width", "height"] as const;

/** The images staff chose for one place on the site, oldest first (the first is the one shown). */
export function listStockImagesByLocation(location: StockImageLocation): Promise<PublicStockImage[]> {
  return rememberPublicContent(`stock images in ${location}`, async () => {
    const db = await getDb();
    return db.selectFrom("stockImages").select(PUBLIC_COLUMNS).where("location", "=", location).orderBy("createdAt", "asc").orderBy("id", "asc").execute();
  });
}

/** The first image of each of these locations, or null where a location has none. */
export async function firstStockImages<L extends StockImageLocation>(locations: readonly L[]): Promise<Record<L, PublicStockImage | null>> {
  return rememberPublicContent(`first stock images of ${locations.join(", ")}`, async () => {
    // One query for every location: the rows come oldest first, so the first seen for a location wins.
    const db = await getDb();
    const rows = await db
      .selectFrom("stockImages")
      .select(PUBLIC_COLUMNS)
      .where("location", "in", locations)
      .orderBy("createdAt", "asc")
      .orderBy("id", "asc")
      .execute();
    const first = Object.fromEntries(locations.map((location) => [location, null])) as Record<L, PublicStockImage | null>;
    for (const row of rows) first[row.location as L] ??= row;
    return first;
  });
}

/** Staff's side: the list, uploads and deletions (each change audited). */

const SUMMARY_COLUMNS = ["id", "filename", "originalName", "location", "description", "size", "contentType", "createdAt"] as const;

export async function listStockImages(): Promise<StockImageSummary[]> {
  const db = await getDb();
  return db.selectFrom("stockImages").select(SUMMARY_COLUMNS).orderBy("createdAt", "desc").orderBy("id", "desc").execute();
}

export async function getStockImage(id: number): Promise<StockImageSummary> {
  const db = await getDb();
  const image = await db.selectFrom("stockImages").select(SUMMARY_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!image) throw new ModelError(404, "Image not found");
  return image;
}

/** An upload the spec refuses (SPEC section 5), with its title for the toast. */
export class UploadRefused extends ModelError {
  readonly title: string;
  readonly field: string;

  constructor(problem: UploadProblem, field = "image") {
    const { title, description, status } = UPLOAD_PROBLEMS[problem];
    super(status, description);
    this.name = "UploadRefused";
    this.title = title;
    this.field = field;
  }
}

/** The visitor's file name as harmless data: no folders, no control characters, not too long. */
function cleanOriginalName(name: string, extension: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const withoutControls = base.replace(/[\u0000-\u001f\u007f]/g, "");
  const clean = withoutControls.trim().slice(0, 200);
  return clean || `image.${extension}`;
}

/**
 * Checks an upload (SPEC section 5: size, file and location, then type, always on the server), stores the file under a new random name and records it. A
 * refused upload stores nothing; a failed record removes the stored file again.
 */
export async function addStockImage(actor: AdminUser, upload: StockImageUpload): Promise<StockImageSummary> {
  if (upload.tooLarge) throw new UploadRefused("tooLarge");
  if (upload.malformed) throw new ModelError(400, "Send the image as a multipart form with the fields image, location and description");
  const { file } = upload;
  if (!file) throw new UploadRefused("missing");
  const fields = stockImageFieldsSchema.safeParse(upload.fields);
  if (!fields.success) {
    const issue = fields.error.issues[0];
    if (issue.path[0] === "location") throw new UploadRefused("missing", "location");
    throw new ModelError(400, issue.message);
  }
  if (!file.type) throw new UploadRefused("invalidFile");

  const { contentType, extension } = file.type;
  // Its pixel size, for the pages' width and height; null if sharp cannot read it (the upload is still kept, as before).
  const dimensions = await readImageSize(file.path);
  const filename = newStorageKey(extension);
  const storage = getStorage();
  await storage.put(filename, createReadStream(file.path), { contentType, size: file.size });
  try {
    const db = await getDb();
    return await db.transaction().execute(async (trx) => {
      const image = await trx
        .insertInto("stockImages")
        .values({
          filename,
          originalName: cleanOriginalName(file.originalName, extension),
          description: fields.data.description,
          location: fields.data.location,
          size: file.size,
          contentType,
          createdAt: nowIso(),
          width: dimensions?.width ?? null,
          height: dimensions?.height ?? null,
        })
        .returning(SUMMARY_COLUMNS)
        .executeTakeFirstOrThrow();
      const summary = `Uploaded ${image.originalName} for ${STOCK_IMAGE_LOCATION_LABELS[image.location]}`;
      await recordAudit(actor, { action: "stock-image.uploaded", entityType: "stock-image", entityId: image.id, summary }, trx);
      return image;
    });
  } catch (error) {
    await storage.delete(filename).catch(() => {});
    throw error;
  }
}

/** Removes the record, then the stored file (a file left behind by a failure is harmless; a record without its file is not). */
export async function deleteStockImage(actor: AdminUser, id: number): Promise<void> {
  const db = await getDb();
  const image = await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("stockImages").where("id", "=", id).returning(["filename", "originalName", "location"]).executeTakeFirst();
    if (!deleted) throw new ModelError(404, "Image not found");
    const summary = `Deleted ${deleted.originalName} from ${STOCK_IMAGE_LOCATION_LABELS[deleted.location]}`;
    await recordAudit(actor, { action: "stock-image.deleted", entityType: "stock-image", entityId: id, summary }, trx);
    return deleted;
  });
  const storage = getStorage();
  const results = await Promise.allSettled([image.filename, ...allVariantStorageKeys(image.filename)].map((key) => storage.delete(key)));
  const failure = results.find((result) => result.status === "rejected");
  if (failure)
    logger.error(
      { event: "stock_image.files_left", stockImageId: id, err: failure.reason },
      `Stock image ${id} was deleted but its files (${image.filename} and variants) could not all be removed`,
    );
}

/**
 * Reads the size of images stored before sizes were recorded, so they get width, height and variants too. Run as the server starts; an image whose file is
 * missing or unreadable stays unsized (and is shown as before).
 */
export async function measureUnsizedStockImages(): Promise<number> {
  const db = await getDb();
  const unsized = await db.selectFrom("stockImages").select(["id", "filename"]).where("width", "is", null).execute();
  let measured = 0;
  for (const image of unsized) {
    const size = await readStoredImageSize(image.filename).catch((error) => {
      logger.error({ event: "stock_image.size_unreadable", stockImageId: image.id, err: error }, `The size of stock image ${image.id} could not be read`);
      return null;
    });
    if (!size) continue;
    await db.updateTable("stockImages").set(size).where("id", "=", image.id).where("width", "is", null).execute();
    measured += 1;
  }
  return measured;
}

/** What the public image routes serve: only images that are in the table. */
export type ServedImage = Pick<StockImageRow, "filename" | "originalName" | "contentType" | "size" | "width" | "height">;

export async function findServedImage(by: { id: number } | { filename: string }): Promise<ServedImage | null> {
  const db = await getDb();
  const query = db.selectFrom("stockImages").select(["filename", "originalName", "contentType", "size", "width", "height"]);
  const row = await ("id" in by ? query.where("id", "=", by.id) : query.where("filename", "=", by.filename)).executeTakeFirst();
  return row ?? null;
}

/** The stored bytes of an image, or null when the file is missing. */
export function openServedImage(image: ServedImage): Promise<StoredObject | null> {
  return getStorage().get(image.filename);
}
