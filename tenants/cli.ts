// The provider's command line: `deno task tenant list|create|approve|suspend|subscription|backup|restore|
// replication|reset-second-factor`, plus `migrate` (every tenant) and `seed-demo` (used by `npm start`). It reaches the
// databases directly (the data directory, or CONTROL_DB_URL with its token): whoever runs it is the host's
// login, which is the provider's console's only sign-in (docs/security.md, V6).
import { parseArgs } from "node:util";
import { createPlatform } from "../server/platform.ts";
import { AppError } from "../server/kernel/errors.ts";
import { translate } from "../shared/i18n/api/mod.ts";
import { provisionTenant } from "../server/tenancy/provision.ts";
import { approveTenant, suspendTenant } from "../server/domain/access/registration/service.ts";
import { migrateAll } from "../server/tenancy/migrate_all.ts";
import { seedDemo } from "../demo/seed.ts";
import { resealAll } from "./reseal.ts";
import { demoPassword } from "../demo/password.ts";
import { backupTenant, restoreTenant } from "../server/tenancy/backups.ts";
import { restoreControlIfGone, restoreFromReplica } from "./replica_restore.ts";
import { loadConfig } from "../server/config.ts";
import { moveTenant } from "../server/tenancy/move.ts";
import { DEFAULT_MAX_LAG_SECONDS, replicationReport } from "./replication_report.ts";
import { keyRisk, readReplicationState, replicationView } from "../server/replication/view.ts";
import { describeImport, importTenantFiles } from "../server/tenancy/files.ts";
import { setSubscription } from "./subscription.ts";
import { removeSecondFactors, resetDetail } from "../server/domain/access/mfa/service.ts";
import { writeSecurityEvents } from "../server/domain/logs/security_log/service.ts";
import { existsSync } from "node:fs";
import { filePathOf } from "../server/db/local.ts";
import { UserCreate } from "../server/domain/access/users/entity.ts";
import { parseInput } from "../server/kernel/validation.ts";

const usage = `Usage: deno task tenant <command>
  list                                   every tenant with its status
  create <slug> --name <company> --admin <username> --email <email> --password <pw> [--tax-id <id>]
                                         an active tenant with an active administrator
  approve <slug>                         confirm a registration; the administrator gets the activation e-mail
  suspend <slug>                         stop a tenant's sign-ins
  subscription <slug> [--limit <documents a month, 0: none>] [--price <EUR per extra document>]
                      [--budget <EUR a month for extra documents>] [--type <type>] [--code <code>]
                                         set the tenant's subscription (shown as it is after)
  backup <slug>|--all [--dir <folder>]   a consistent copy of the database(s) while the server runs
                                         (into BACKUP_DIR, default <DATA_DIR>/backups, unless --dir)
  restore <slug> <file>                  copy a backup back (its attachments are in it); the tenant is
                                         suspended meanwhile
  restore <slug>|--all --from-replica [--at <ISO instant>]
                                         restore from the Litestream replica (REPLICA_URL): the latest
                                         state or as of the instant, checked (integrity, stock = ledger),
                                         the tenant suspended meanwhile, into a stopped or running server;
                                         with the data directory lost, the control database is restored
                                         from its replica first (then --all restores every tenant it
                                         lists; one that fails is named, the others still restored)
  replication [--max-lag <seconds>]      each database's replication lag and last sync, as the running server
                                         samples it; exits 1 when one is behind by more than --max-lag
                                         (default 10) or no server replicates here now
  files <slug>|--all                     bring attachments still on disk (from before files were kept in
                                         the tenant's database) into it; resumable, run again after a stop
  reset-second-factor <slug> <username>  remove a user's second factors and recovery codes (an administrator
                                         who lost them, with nobody left in the company to do it); the user's
                                         sign-ins end, and one the company requires a factor of sets one up
                                         at the next sign-in
  move <slug> <instance> <database URL>  give the tenant to another server instance: drain, copy with
                                         SQLite's online backup, switch the directory, resume
  instances                              the server instances and the tenants each serves
  migrate                                bring every database up to date
  reseal                                 seal every stored secret again under the current signing key
                                         (after replacing it; the old one named in JWT_PREVIOUS_JWKS)
  seed-demo                              create the demo tenant if absent`;

const { positionals, values } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    name: { type: "string" },
    admin: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    "tax-id": { type: "string" },
    all: { type: "boolean" },
    limit: { type: "string" },
    price: { type: "string" },
    budget: { type: "string" },
    type: { type: "string" },
    code: { type: "string" },
    dir: { type: "string" },
    "from-replica": { type: "boolean" },
    at: { type: "string" },
    "max-lag": { type: "string" },
  },
});

const [command, slug, file] = positionals;
// A restore from the replica onto a lost disk brings the control database back first (it lists the tenants);
// opening it would otherwise create an empty one. No server can have read a control database that was not
// there, so the tenants need no wait for servers to see their suspension.
let controlRestored = false;
if (command === "restore" && values["from-replica"]) {
  const at = values.at === undefined ? undefined : new Date(values.at);
  if (!at || !Number.isNaN(at.getTime())) {
    try {
      controlRestored = await restoreControlIfGone(loadConfig(), at);
    } catch (err) {
      console.error(`error: ${err instanceof Error ? err.message : err}`);
      Deno.exit(1);
    }
    if (controlRestored) console.log("control database restored from its replica");
  }
}
const platform = await createPlatform(controlRestored ? { tenantCacheSeconds: 0 } : {});
let exitCode = 0;

function fail(message: string): never {
  throw new Error(message);
}

try {
  switch (command) {
    case "list": {
      const rows = await platform.registry.list();
      if (!rows.length) console.log("no tenants");
      for (const t of rows) {
        console.log(
          `${String(t.id).padStart(4)}  ${t.slug.padEnd(24)} ${
            t.status.padEnd(16)
          } ${t.companyName}  ${t.dbUrl}`,
        );
      }
      break;
    }
    case "create": {
      if (!slug || !values.name || !values.admin || !values.email || !values.password) fail(usage);
      const admin = parseInput(UserCreate, {
        username: values.admin,
        email: values.email,
        password: values.password,
        repeatPassword: values.password,
        visibleName: values.admin,
        isPowerUser: true,
        logisticsEnabled: true,
        terminalEnabled: true,
        shippingEnabled: true,
        transportEnabled: true,
      });
      const { tenant } = await provisionTenant(platform, {
        slug,
        companyName: values.name,
        taxId: values["tax-id"] ?? null,
        status: "active",
        admin,
      });
      console.log(`tenant ${tenant.slug} (id ${tenant.id}) is active; sign in as ${values.admin}`);
      break;
    }
    case "approve": {
      if (!slug) fail(usage);
      const t = await approveTenant(platform, slug);
      console.log(
        `tenant ${t.slug} is ${t.status}; the activation e-mail has been sent to its administrator`,
      );
      break;
    }
    case "suspend": {
      if (!slug) fail(usage);
      const t = await suspendTenant(platform, slug);
      console.log(`tenant ${t.slug} is ${t.status}`);
      break;
    }
    case "subscription": {
      if (!slug) fail(usage);
      const a = await setSubscription(platform, slug, {
        monthlyDocumentLimit: values.limit,
        extraDocumentPriceEur: values.price,
        extraOperationsBudget: values.budget,
        subscriptionType: values.type,
        subscriptionCode: values.code,
      });
      console.log(
        `tenant ${slug}: ${a.subscriptionType}${a.subscriptionCode ? ` (${a.subscriptionCode})` : ""}, ` +
          `${a.monthlyDocumentLimit || "no"} document limit a month, extra documents ` +
          `${a.extraDocumentPriceEur} EUR each within ${a.extraOperationsBudget} EUR a month`,
      );
      break;
    }
    case "backup": {
      if (!slug && !values.all) fail(usage);
      const dir = values.dir ?? platform.config.backupDir;
      const tenants = values.all
        ? (await platform.registry.list()).filter((t) =>
          t.dbUrl.startsWith("file:") && t.adminUserId !== null
        )
          .filter((t) => existsSync(filePathOf(t.dbUrl)))
        : [await platform.registry.bySlug(slug!) ?? fail(`no tenant ${slug}`)];
      for (const t of tenants) {
        // Files still on disk from before 0042 go into the database first, so the backup holds them.
        const moved = await importTenantFiles(platform, t);
        if (moved.imported || moved.missing.length) console.log(describeImport(t.slug, moved));
        const { file: written, bytes, ms } = backupTenant(t, dir);
        console.log(`${t.slug}: ${written} (${Math.round(bytes / 1024)} KiB, ${Math.round(ms)} ms)`);
      }
      break;
    }
    case "files": {
      if (!slug && !values.all) fail(usage);
      const tenants = values.all
        ? (await platform.registry.list()).filter((t) =>
          t.dbUrl.startsWith("file:") || t.dbUrl.startsWith("libsql:")
        )
        : [await platform.registry.bySlug(slug!) ?? fail(`no tenant ${slug}`)];
      for (const t of tenants) {
        const r = await importTenantFiles(platform, t);
        console.log(describeImport(t.slug, r));
        if (r.missing.length) exitCode = 1;
      }
      break;
    }
    case "restore": {
      if (values["from-replica"]) {
        if (!slug && !values.all) fail(usage);
        const at = values.at === undefined ? undefined : new Date(values.at);
        if (at && Number.isNaN(at.getTime())) fail(`--at ${values.at} is not an ISO instant`);
        const slugs = values.all
          ? (await platform.registry.list()).filter((t) =>
            t.dbUrl.startsWith("file:") && t.adminUserId !== null
          )
            .map((t) => t.slug)
          : [slug!];
        const started = performance.now();
        for (const s of slugs) {
          // With --all, one tenant that cannot be restored (no replica, a check failed) stops none of the
          // others; it is named, and the exit code says so.
          try {
            const t = await restoreFromReplica(platform, s, at, (line) => console.log(line));
            console.log(`tenant ${t.slug} is ${t.status}`);
          } catch (err) {
            if (!values.all) throw err;
            console.error(`error: ${s}: ${err instanceof Error ? err.message : err}`);
            exitCode = 1;
          }
        }
        if (values.all) {
          console.log(`${slugs.length} tenant(s) in ${Math.round(performance.now() - started)} ms`);
        }
        break;
      }
      if (!slug || !file) fail(usage);
      const t = await restoreTenant(platform, slug, file, (line) => console.log(line));
      console.log(`tenant ${t.slug} is ${t.status}`);
      break;
    }
    case "replication": {
      const maxLag = values["max-lag"] === undefined ? DEFAULT_MAX_LAG_SECONDS : Number(values["max-lag"]);
      if (!(maxLag >= 0)) fail(`--max-lag ${values["max-lag"]} is not a number of seconds`);
      const view = replicationView(platform.config, await readReplicationState(platform.config));
      const { lines, ok } = replicationReport(view, maxLag);
      for (const line of lines) console.log(line);
      // A warning, not a failure: the replica itself is sound; what it cannot bring back is said.
      const risk = keyRisk(platform.config);
      if (risk) console.log(`warning: ${risk}`);
      if (!ok) exitCode = 1;
      break;
    }
    case "reset-second-factor": {
      const username = positionals[2];
      if (!slug || !username) fail(usage);
      const t = await platform.registry.bySlug(slug) ?? fail(`no tenant ${slug}`);
      const login = await platform.registry.loginByUsername(username);
      if (!login || login.tenantId !== t.id) fail(`no user ${username} in tenant ${slug}`);
      // The tenant's security log keeps the reset, written in its own transaction (no request, no caller).
      await platform.pool.use(
        t.dbUrl,
        (conn) =>
          conn.transaction(async (tx) => {
            await removeSecondFactors(tx, login.userId);
            await writeSecurityEvents(tx, [{
              kind: "secondFactor.reset",
              userName: "(provider)",
              detail: resetDetail(
                { id: login.userId, username: login.username },
                "the provider at the host's console",
              ),
            }]);
          }),
      );
      await platform.sessions.revokeUser(t.id, login.userId, "secondFactorReset");
      console.log(`${username} of ${slug} has no second factor now; their sign-ins have ended`);
      break;
    }
    case "move": {
      const [instance, dbUrl] = [positionals[2], positionals[3]];
      if (!slug || !instance || !dbUrl) fail(usage);
      const { tenant } = await moveTenant(platform, slug, instance, dbUrl, (line) => console.log(line));
      console.log(`tenant ${tenant.slug} is on ${tenant.instance}`);
      break;
    }
    case "instances": {
      const tenants = await platform.registry.list();
      for (const i of await platform.registry.listInstances()) {
        const own = tenants.filter((t) => t.instance === i.name).map((t) => t.slug);
        console.log(`${i.name}\t${i.url}\tstarted ${i.startedAt}\t${own.length} tenant(s)`);
      }
      break;
    }
    case "reseal": {
      const { unreadable } = await resealAll(platform);
      exitCode = unreadable ? 1 : 0;
      break;
    }
    case "migrate": {
      console.log("control database: up to date");
      exitCode = (await migrateAll(platform)) ? 1 : 0;
      break;
    }
    case "seed-demo": {
      const started = performance.now();
      const { created, masterData } = await seedDemo(platform);
      const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
      console.log(
        created
          ? `demo tenant created with its master data (${took})`
          : masterData
          ? `demo tenant present, master data added (${took})`
          : "demo tenant present, kept as it is",
      );
      console.log(
        `sign in with admin / manager / user / terminal / contractor, password ${
          demoPassword(platform.config)
        }`,
      );
      break;
    }
    default:
      console.log(usage);
      exitCode = command ? 2 : 0;
  }
} catch (err) {
  if (err instanceof AppError) {
    const fields = err.details.fields
      ? " " +
        Object.entries(err.details.fields).map(([k, v]) =>
          `${k}: ${v.map((c) => translate("en-us", c)).join(", ")}`
        ).join("; ")
      : "";
    console.error(`error: ${translate("en-us", err.code)}${fields}`);
  } else {
    console.error(`error: ${err instanceof Error ? err.message : err}`);
  }
  exitCode = 1;
} finally {
  await platform.close();
}
Deno.exit(exitCode);
