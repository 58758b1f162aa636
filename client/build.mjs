#!/usr/bin/env node
// Builds the client with esbuild and vanilla-extract: the browser bundle (hashed, code-split, with its
// CSS), the server-rendering bundle the Deno server imports, the service worker with its precache list
// (workbox-build), the web app manifest and icons, and the build id both bundles carry (the server answers
// it as X-App-Version, so open pages learn a newer client is out). Output: dist/ (git-ignored). Run by `deno task build`,
// and by `npm start` and `npm test` before they need it.
import { build } from "esbuild";
import { vanillaExtractPlugin } from "@vanilla-extract/esbuild-plugin";
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import { injectManifest } from "workbox-build";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { brotliCompress, constants as zlib, gzipSync } from "node:zlib";
import { promisify } from "node:util";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const clientOut = join(dist, "client");
const production = process.env.NODE_ENV !== "development";

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(clientOut, "icons"), { recursive: true });

// The build id has to be compiled in, so it cannot hash the bundles themselves: it hashes what they are
// made of (the client, shared/, the locked dependencies, the mode).
// The same sources give the same id, on every machine that builds them.
function sourceFiles(dir, keep = () => true) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split("\\").join("/"))
    .filter(keep);
}
const sources = [
  ...sourceFiles("client"),
  ...sourceFiles("shared"),
  "package-lock.json",
].sort();
// Each language's catalogue becomes its texts alone: Deno evaluates it once here, and the bundles get its
// plain export in its place (its areas hold all six languages, and the API's catalogues they borrow from,
// which one language's script must not carry). The client imports nothing of the server: the entities'
// metadata reaches it as shared/resources/generated/ (scripts/resource_meta.ts).
// The areas' registry (shared/areas.ts), which the client's resource list and route table derive from,
// likewise reaches the bundles as plain data without its texts: six languages of every area, which the
// language scripts carry one language each.
const registryFile = "shared/areas.ts";
const catalogueFiles = ["en_us", "pl_pl", "de_de", "fr_fr", "es_es", "ru_ru"].flatMap((l) => [
  `shared/i18n/${l}.ts`,
  `shared/i18n/parts/${l}_first.ts`,
  `shared/i18n/parts/${l}_rest.ts`,
]);
const plainExports = JSON.parse(
  execFileSync(join(root, "node_modules/deno/deno"), [
    "run",
    "-A",
    "scripts/plain_exports.ts",
    ...catalogueFiles,
    registryFile,
  ], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }),
);
plainExports[registryFile].areas = Object.fromEntries(
  Object.entries(plainExports[registryFile].areas).map((
    [name, { messages: _texts, ...area }],
  ) => [name, area]),
);
const plainCatalogues = {
  name: "plain-catalogues",
  setup(b) {
    b.onLoad({
      filter: /[\\/]shared[\\/](i18n[\\/](parts[\\/])?[a-z]{2}_[a-z]{2}(_first|_rest)?|areas)\.ts$/,
    }, (args) => {
      const exports = plainExports[relative(root, args.path).split("\\").join("/")];
      if (!exports) return { errors: [{ text: `${args.path} was not evaluated for its plain exports` }] };
      const contents = Object.entries(exports)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`).join("\n");
      return { contents, loader: "js" };
    });
  },
};

// In the browser, a language's catalogue is loaded when a page needs it (shared/i18n/catalogues_browser.ts);
// the server's render keeps all six at hand.
const languageOnDemand = {
  name: "language-on-demand",
  setup(b) {
    b.onResolve(
      { filter: /^\.\/catalogues\.ts$/ },
      (args) =>
        args.importer.endsWith(join("shared", "i18n", "mod.ts"))
          ? { path: join(root, "shared/i18n/catalogues_browser.ts") }
          : undefined,
    );
  },
};

// The locales plugin (through unplugin 2's esbuild adapter) points a dropped locale at its empty.js in its
// own namespace, with no loader for it there: esbuild is given the file from disk.
const droppedLocale = {
  name: "dropped-locale",
  setup(b) {
    b.onLoad({ filter: /empty\.js$/, namespace: "locales-plugin" }, (args) => ({
      contents: readFileSync(args.path, "utf8"),
      loader: "js",
    }));
  },
};

const hash = createHash("sha256").update(production ? "production" : "development");
for (const f of sources) hash.update(f).update(readFileSync(join(root, f)));
hash.update(JSON.stringify(plainExports));
const buildId = hash.digest("hex").slice(0, 16);

// Face sign-in's models (@vladmandic/face-api ships them): the detector, the landmarks and the recognition
// net, under a path named by the package's version (assets are cached as immutable), loaded on demand and
// kept out of the service worker's precache (6 MB no terminal needs offline).
const faceApiDir = join(root, "node_modules/@vladmandic/face-api");
const faceModels = `/assets/face-models-${
  JSON.parse(readFileSync(join(faceApiDir, "package.json"), "utf8")).version
}`;

// Class names must be the same in both bundles: the server renders them, the browser's CSS styles them.
const identifiers = production ? "short" : "debug";
const common = {
  bundle: true,
  jsx: "automatic",
  target: ["es2022"],
  define: {
    "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development"),
    __CLIENT_BUILD__: JSON.stringify(buildId),
    __FACE_MODELS__: JSON.stringify(faceModels),
  },
  logLevel: "warning",
};

const browser = await build({
  ...common,
  entryPoints: { boot: join(root, "client/boot.tsx") },
  outdir: join(clientOut, "assets"),
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  assetNames: "[name]-[hash]",
  format: "esm",
  splitting: true,
  platform: "browser",
  minify: production,
  sourcemap: true,
  metafile: true,
  plugins: [
    languageOnDemand,
    plainCatalogues,
    // React Aria's own texts (a list box's "selected", a date field's "day") in our six languages only.
    optimizeLocales.esbuild({ locales: ["pl-PL", "en-US", "de-DE", "fr-FR", "es-ES", "ru-RU"] }),
    droppedLocale,
    vanillaExtractPlugin({ identifiers }),
  ],
});

await build({
  ...common,
  entryPoints: [join(root, "client/shell/ssr.tsx")],
  outfile: join(dist, "ssr", "ssr.js"),
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["browser", "import", "default"],
  plugins: [plainCatalogues, vanillaExtractPlugin({ identifiers, outputCss: false })],
});

// Which files the shell links: the entry's JS and every CSS file the browser build produced.
const outputs = Object.entries(browser.metafile.outputs);
const entry = outputs.find(([, o]) =>
  o.entryPoint?.endsWith("client/boot.tsx") && !o.cssBundle?.endsWith(".map")
);
const url = (file) => "/" + relative(clientOut, join(root, file)).split("\\").join("/");
// Every stylesheet the build made is linked on every page: one file, one request. They are joined in the
// build's order (each chunk's rules once, as esbuild wrote them), without their source map comments.
const cssFiles = outputs.filter(([file]) => file.endsWith(".css")).map(([file]) => join(root, file));
const css = cssFiles.map((f) => readFileSync(f, "utf8").replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, ""))
  .join("\n");
const cssName = `app-${createHash("sha256").update(css).digest("hex").slice(0, 8).toUpperCase()}.css`;
for (const f of cssFiles) {
  rmSync(f);
  rmSync(f + ".map", { force: true });
}
writeFileSync(join(clientOut, "assets", cssName), css);
// Each language's two scripts, which the server's render preloads for the page's language: the first part
// on every page, the rest too on a page of the signed-in frame.
const languageScripts = (which) =>
  Object.fromEntries(
    outputs.flatMap(([file, o]) => {
      const m = o.entryPoint?.match(/shared\/i18n\/parts\/([a-z]{2})_([a-z]{2})_([a-z]+)\.ts$/);
      return m && m[3] === which && file.endsWith(".js") ? [[`${m[1]}-${m[2]}`, url(file)]] : [];
    }),
  );
const languages = languageScripts("first");
const languagesRest = languageScripts("rest");
for (const scripts of [languages, languagesRest]) {
  if (Object.keys(scripts).length !== 6) throw new Error(`language scripts: ${JSON.stringify(scripts)}`);
}
// The signed-in frame's chunk (client/shell/layout.tsx), preloaded likewise.
const frame = outputs.find(([file, o]) =>
  o.entryPoint?.endsWith("client/shell/layout.tsx") && file.endsWith(".js")
);
if (!frame) throw new Error("the frame's chunk (client/shell/layout.tsx) is not its own");
const assets = {
  js: url(entry[0]),
  css: [`/assets/${cssName}`],
  languages,
  languagesRest,
  frame: url(frame[0]),
  build: buildId,
};
writeFileSync(join(dist, "assets.json"), JSON.stringify(assets, null, 2));
// What each chunk is made of, for a look at the bundle's size (WRITE_METAFILE=1 node client/build.mjs).
if (process.env.WRITE_METAFILE) writeFileSync(join(dist, "meta.json"), JSON.stringify(browser.metafile));

mkdirSync(join(clientOut, faceModels), { recursive: true });
for (const f of readdirSync(join(faceApiDir, "model"))) {
  if (/^(tiny_face_detector|face_landmark_68|face_recognition)_model/.test(f)) {
    copyFileSync(join(faceApiDir, "model", f), join(clientOut, faceModels, f));
  }
}

// Icons and manifest.
for (const f of readdirSync(join(root, "client/icons"))) {
  if (f.endsWith(".png") || f.endsWith(".svg")) {
    copyFileSync(join(root, "client/icons", f), join(clientOut, "icons", f));
  }
}
writeFileSync(
  join(clientOut, "manifest.webmanifest"),
  JSON.stringify(
    {
      name: "WMS — warehouse management",
      short_name: "WMS",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#f4f6f8",
      theme_color: "#0b5cad",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    null,
    2,
  ),
);

// The chunks made of the face recognition library.
const faceChunks = Object.entries(browser.metafile.outputs)
  .filter(([, o]) => Object.keys(o.inputs).some((i) => i.includes("@vladmandic/face-api")))
  .flatMap((
    [file],
  ) => [
    relative(clientOut, file).split("\\").join("/"),
    relative(clientOut, file).split("\\").join("/") + ".map",
  ]);

// Service worker: bundled, then the precache list injected.
const swTemp = join(dist, "sw.src.js");
await build({
  ...common,
  entryPoints: [join(root, "client/sw.ts")],
  outfile: swTemp,
  format: "iife",
  platform: "browser",
  minify: production,
});
const { count, size, warnings } = await injectManifest({
  swSrc: swTemp,
  swDest: join(clientOut, "sw.js"),
  globDirectory: clientOut,
  globPatterns: ["assets/**/*.{js,css}", "icons/*.png", "manifest.webmanifest"],
  // Face recognition's library (1.3 MB) is fetched when a person first uses it, never by the terminal offline.
  globIgnores: faceChunks,
  // Hashed names carry their own revision.
  dontCacheBustURLsMatching: /-[A-Z0-9]{8}\.(js|css)$/,
});
rmSync(swTemp);
for (const w of warnings) console.warn(w);

// Precompressed beside each file the browser loads (the server picks by Accept-Encoding): brotli at its
// best and gzip, made once here instead of on every request.
// Brotli at quality 11 is most of the build's time (5 s of 8 on one core): the files are compressed on Node's
// thread pool, on every core at once.
const compress = promisify(brotliCompress);
let plain = 0;
let brotli = 0;
await Promise.all(
  readdirSync(clientOut, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(js|css|svg|webmanifest)$/.test(e.name))
    .map(async (e) => {
      const file = join(e.parentPath, e.name);
      const body = readFileSync(file);
      const br = await compress(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      writeFileSync(file + ".br", br);
      writeFileSync(file + ".gz", gzipSync(body, { level: 9 }));
      plain += body.length;
      brotli += br.length;
    }),
);
console.log(
  `client built: ${buildId}: ${assets.js}, ${assets.css.length} stylesheet(s); service worker precaches ${count} files (${
    Math.round(size / 1024)
  } KiB); ${Math.round(plain / 1024)} KiB of scripts and styles, ${Math.round(brotli / 1024)} KiB in brotli`,
);
