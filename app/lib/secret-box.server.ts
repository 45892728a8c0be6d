import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

import { getEnv } from "./env.server";

// Integration secrets at rest: AES-256-GCM under a key derived from SECRETS_KEY, so a copy of the
// database (a backup, a leaked dump) holds no usable key. A stored value reads
// `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url); the key id says which key sealed it, so
// after a rotation (SECRETS_KEY new, SECRETS_KEY_PREVIOUS old) the old values still open, and
// start-up seals them again with the new key (app/services/startup.server.ts).

const PREFIX = "enc:v1:";

interface Key {
  id: string;
  bytes: Buffer;
}

function deriveKey(secret: string): Key {
  const bytes = Buffer.from(hkdfSync("sha256", secret, "", "integration secrets v1", 32));
  return { id: createHash("sha256").update(bytes).digest("base64url").slice(0, 8), bytes };
}

const derived = new Map<string, Key>();
function keyFor(secret: string): Key {
  let key = derived.get(secret);
  if (!key) derived.set(secret, (key = deriveKey(secret)));
  return key;
}

function currentKey(): Key {
  return keyFor(getEnv().SECRETS_KEY);
}

function knownKeys(): Key[] {
  const previous = getEnv().SECRETS_KEY_PREVIOUS;
  return previous ? [currentKey(), keyFor(previous)] : [currentKey()];
}

export function sealSecret(plain: string): string {
  const key = currentKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url"));
  return `${PREFIX}${key.id}:${parts.join(":")}`;
}

export class SecretKeyError extends Error {
  name = "SecretKeyError";
}

/**
 * The plain value of a stored secret. A value stored before encryption existed is plain already.
 * One sealed with a key the app no longer has is an error: the value cannot be recovered, and
 * the message says which variable to set.
 */
export function openSecret(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [id, iv, tag, sealed] = stored.slice(PREFIX.length).split(":");
  const key = knownKeys().find((candidate) => candidate.id === id);
  if (!key) {
    throw new SecretKeyError(
      `A stored secret was encrypted with a key this server does not have (key id ${id}): set SECRETS_KEY, or SECRETS_KEY_PREVIOUS during a rotation.`,
    );
  }
  const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}

/** The id of the key that sealed `stored` when this server does not have it; undefined when it opens. */
export function unknownKeyId(stored: string): string | undefined {
  if (!stored.startsWith(PREFIX)) return undefined;
  const id = stored.slice(PREFIX.length).split(":")[0];
  return knownKeys().some((key) => key.id === id) ? undefined : id;
}

/** Whether a stored value should be sealed again: plain, or sealed with a key other than the current one. */
export function needsResealing(stored: string): boolean {
  return !stored.startsWith(`${PREFIX}${currentKey().id}:`);
}
