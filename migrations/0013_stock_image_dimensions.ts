import type { Kysely } from "kysely";

/**
 * The pixel size of each uploaded image (upright, after its EXIF rotation),
 * so pages can give every `<img>` its width and height and offer resized
 * variants. Null until read: images uploaded before this are measured from
 * their stored files as the server starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("stockImages").addColumn("width", "integer").execute();
  await db.schema.alterTable("stockImages").addColumn("height", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("stockImages").dropColumn("height").execute();
  await db.schema.alterTable("stockImages").dropColumn("width").execute();
}
