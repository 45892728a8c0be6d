import { parseArgs } from "node:util";

import { z } from "zod";

import { openDatabase, setDatabase } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { ADMIN_ROLES } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/password";
import { generatePassword } from "~/lib/password.server";
import { AdminRuleError, createOrResetAdmin } from "~/models/admin-users.server";

const USAGE = `Create an admin, or reset an existing admin's password (and reactivate it).

  npm run admin -- --username <name> [--password-stdin] [--email <email>] [--role admin|super_admin]

With --password-stdin the password is read from standard input (printf '%s' "$PASSWORD" | ...);
otherwise a strong one is generated and printed. New admins are super admins unless --role says
otherwise; the last active super admin cannot be demoted. With the embedded database, stop the
server first.`;

// A password given as an argument is readable by every user of the machine (ps) and stays in the
// shell's history; only standard input is accepted.
const PASSWORD_ARGUMENT =
  "--password is not accepted: a password on the command line shows in ps and the shell history. Use --password-stdin.";

const ArgsSchema = z.object({
  username: z.string({ error: "--username is required" }).trim().min(1, "--username is required"),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, `The password must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .optional(),
  email: z.email("--email must be an email address").optional(),
  role: z.enum(ADMIN_ROLES, { message: "--role must be admin or super_admin" }).optional(),
});

/** Standard input to its end, without the line break `echo` adds. */
async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** Returns the process exit code. */
export async function runAdminCommand(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        username: { type: "string" },
        password: { type: "string" },
        "password-stdin": { type: "boolean" },
        email: { type: "string" },
        role: { type: "string" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.password !== undefined) {
    console.error(`${PASSWORD_ARGUMENT}\n\n${USAGE}`);
    return 2;
  }
  const password = values["password-stdin"] ? await readPasswordFromStdin() : undefined;
  const parsed = ArgsSchema.safeParse({ ...values, password });
  if (!parsed.success) {
    console.error(`${parsed.error.issues[0].message}\n\n${USAGE}`);
    return 2;
  }
  const env = getEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, maxConnections: 1 } : { dataDir: env.DATA_DIR },
  );
  setDatabase(database);
  try {
    await migrate(database);
    const chosen = parsed.data.password ?? generatePassword();
    let outcome;
    try {
      outcome = await createOrResetAdmin({ ...parsed.data, password: chosen });
    } catch (error) {
      if (!(error instanceof AdminRuleError)) throw error;
      console.error(error.message);
      return 1;
    }
    const { admin, created } = outcome;
    console.log(
      `${created ? "Created" : "Reset"} ${admin.role.replace("_", " ")} "${admin.username}".` +
        (parsed.data.password ? "" : `\nPassword: ${chosen}`),
    );
    return 0;
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}
