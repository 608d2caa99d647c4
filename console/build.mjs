// Builds the console into dist/ (served by ./fairslot local at / and /console/*) and prints the
// gzipped size of the JavaScript a first load fetches, against its budget.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 150;
mkdirSync("dist/console", { recursive: true });
await build({
  entryPoints: ["src/main.tsx"],
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  jsx: "automatic",
  jsxImportSource: "preact",
  outfile: "dist/console/app.js",
  legalComments: "none",
});
copyFileSync("src/app.css", "dist/console/app.css");
copyFileSync("index.html", "dist/index.html");
copyFileSync("src/sw.js", "dist/sw.js");
const js = readFileSync("dist/console/app.js");
const kb = gzipSync(js, { level: 9 }).length / 1024;
console.log(
  `console bundle: app.js ${(js.length / 1024).toFixed(1)} KB, gzipped ${kb.toFixed(1)} KB (budget ${BUDGET_KB} KB)`,
);
if (kb > BUDGET_KB) {
  console.error("the console's JavaScript is over its budget");
  process.exit(1);
}
