// The print agent's command line (`deno task print-agent`, or the compiled file): its settings from the
// environment or the arguments (an argument wins), then it runs until stopped (Ctrl+C, or the service
// manager's stop). See README.md, "Print agent".
//
//   PRINT_AGENT_SERVER / --server URL        the WMS's address (https://wms.example.com)
//   PRINT_AGENT_KEY_FILE / --key-file PATH   a file holding the site's key (better than the key itself:
//   PRINT_AGENT_KEY                          the environment and a process's arguments are readable by others)
//   PRINT_AGENT_NAME / --name NAME           this agent's name for administrators (the computer's name)
//   PRINT_AGENT_PRINTERS / --printers JSON   {"Dock Zebra": "192.168.1.40:9100", "Office": "queue:HP"}: only
//                                            these printers (by their WMS names), each to its address or queue
//   PRINT_AGENT_PDF_COMMAND / --pdf-command JSON  ["lp", "-d", "{printer}", "{file}"]: how a PDF is printed
import { parseArgs } from "node:util";
import { AGENT_VERSION, startAgent } from "./agent.ts";

function fail(message: string): never {
  console.error(`print agent: ${message}`);
  Deno.exit(2);
}

function json<T>(text: string | undefined, what: string, check: (v: unknown) => v is T): T | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    fail(`${what} is not JSON`);
  }
  if (!check(v)) fail(`${what} does not have the expected shape`);
  return v;
}

const isStringMap = (v: unknown): v is Record<string, string> =>
  typeof v === "object" && v !== null && !Array.isArray(v) &&
  Object.values(v).every((x) => typeof x === "string");
const isWords = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string");

const { values } = parseArgs({
  args: Deno.args,
  options: {
    server: { type: "string" },
    "key-file": { type: "string" },
    name: { type: "string" },
    printers: { type: "string" },
    "pdf-command": { type: "string" },
    version: { type: "boolean" },
  },
});
if (values.version) {
  console.log(AGENT_VERSION);
  Deno.exit(0);
}
const env = (name: string) => Deno.env.get(name);
const server = values.server ?? env("PRINT_AGENT_SERVER") ??
  fail("the server's address is missing (--server)");
const keyFile = values["key-file"] ?? env("PRINT_AGENT_KEY_FILE");
const key = (keyFile ? Deno.readTextFileSync(keyFile) : env("PRINT_AGENT_KEY"))?.trim() ||
  fail("the site's key is missing (--key-file or PRINT_AGENT_KEY)");

let agent: ReturnType<typeof startAgent>;
try {
  agent = startAgent({
    server,
    key,
    name: values.name ?? env("PRINT_AGENT_NAME"),
    printers: json(values.printers ?? env("PRINT_AGENT_PRINTERS"), "the printers", isStringMap),
    pdfCommand: json(values["pdf-command"] ?? env("PRINT_AGENT_PDF_COMMAND"), "the PDF command", isWords),
  });
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}

const stop = () => {
  agent.stop().then(() => Deno.exit(0), () => Deno.exit(1));
};
Deno.addSignalListener("SIGINT", stop);
if (Deno.build.os !== "windows") Deno.addSignalListener("SIGTERM", stop);
else Deno.addSignalListener("SIGBREAK", stop);
