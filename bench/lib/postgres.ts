import postgres from "postgres";

export interface FreshDatabase {
  url: string;
  drop: () => Promise<void>;
}

/**
 * A new, empty database on the server DATABASE_URL names, so the app seeds its demo content as on
 * a first start and the bench's orders and chat messages never land in a database someone uses.
 */
export async function createFreshDatabase(serverUrl: string): Promise<FreshDatabase> {
  const name = `agency_bench_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } catch (error) {
    await admin.end();
    throw new Error(
      `Could not create a fresh database on DATABASE_URL's server (the bench needs CREATEDB): ${(error as Error).message}`,
      { cause: error },
    );
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
