// A second, closer minification of the browser's JavaScript after `remix build`: esbuild (Remix's
// compiler) minifies quickly but loosely, and terser takes about 4 KiB gzip more off what a first
// visit to `/` downloads, mostly from the Remix runtime. Only safe transforms are used. File names
// keep esbuild's content hashes: terser's output depends only on its input, so a name still
// stands for one content. The manifest is left as it is (it is data, read as JSON by the benchmark).
import fs from "node:fs";
import path from "node:path";
import { minify } from "terser";
import { projectRoot } from "./built-server.js";

const buildDir = path.join(projectRoot, "public", "build");

/** Every script of the client build but the manifest. */
function clientScripts(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientScripts(file);
    return entry.name.endsWith(".js") && !entry.name.startsWith("manifest-") ? [file] : [];
  });
}

if (!fs.existsSync(buildDir)) throw new Error(`No client build in ${buildDir}: run \`remix build\` first`);

for (const file of clientScripts(buildDir)) {
  const source = fs.readFileSync(file, "utf8");
  const { code } = await minify(source, {
    module: true,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (code === undefined) throw new Error(`terser returned nothing for ${file}`);
  // Never make a file bigger (a few tiny chunks can come out a byte longer).
  if (code.length < source.length) fs.writeFileSync(file, code);
}
