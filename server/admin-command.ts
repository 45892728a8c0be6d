import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase, setDatabase } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { migrate } from "~/db/migrate.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/password";
import { generatePassword } from "~/lib/password.server";
import { ADMIN_ROLES } from "~/lib/domain";
import { createOrResetAdmin } from "~/models/admin-users.server";

const USAGE = `Create an admin, or reset an existing admin's password (and reactivate it).

  npm run admin -- --username <name> [--password <password>] [--email <email>] [--role admin|super_admin]

Without --password a strong one is generated and printed. New admins are super admins unless
--role says otherwise. With the embedded database, stop the server first.`;

const ArgsSchema = z.object({
  username: z.string({ error: "--username is required" }).trim().min(1, "--username is required"),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `--password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, `--password must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .optional(),
  email: z.email("--email must be an email address").optional(),
  role: z.enum(ADMIN_ROLES, { message: "--role must be admin or super_admin" }).optional(),
});

/** Returns the process exit code. */
export async function runAdminCommand(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        username: { type: "string" },
        password: { type: "string" },
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
  const parsed = ArgsSchema.safeParse(values);
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
    const password = parsed.data.password ?? generatePassword();
    const { admin, created } = await createOrResetAdmin({ ...parsed.data, password });
    console.log(
      `${created ? "Created" : "Reset"} ${admin.role.replace("_", " ")} "${admin.username}".` +
        (parsed.data.password ? "" : `\nPassword: ${password}`),
    );
    return 0;
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}
