import { randomBytes } from "node:crypto";

import { hash, verify } from "@node-rs/argon2";
import pLimit, { type LimitFunction } from "p-limit";

import { getEnv } from "./env.server";
import { MAX_PASSWORD_LENGTH } from "./password";

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum). Each
// hash holds a core and 19 MiB for tens of milliseconds, so only LOGIN_MAX_CONCURRENT_HASHES run
// at once: a burst of sign-ins waits its turn instead of starving the pages, and past a short
// queue it is refused rather than queued without end.
const WAITING_PER_SLOT = 16;

/** Too many passwords are being checked at this moment; the caller answers "try again later". */
export class HashingBusyError extends Error {
  name = "HashingBusyError";
}

let slots: LimitFunction | undefined;
function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  slots ??= pLimit(getEnv().LOGIN_MAX_CONCURRENT_HASHES);
  if (slots.pendingCount >= slots.concurrency * WAITING_PER_SLOT) return Promise.reject(new HashingBusyError());
  return slots(work);
}

export function hashPassword(password: string): Promise<string> {
  return inHashSlot(() => hash(password));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // No password can be set longer, so a longer guess is wrong: answered without hashing it, so
  // that huge ones cannot be sent to keep the server busy.
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  return inHashSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

// Hashed as the server loads (off the main thread), not on first use: otherwise the first
// unknown username would take a hash longer to answer than a wrong password.
const dummyHash = hash(randomBytes(16).toString("hex"));

/**
 * Spends the same time as a real verification, so that an unknown username cannot be told
 * apart from a wrong password by how long the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await dummyHash, password);
  return false;
}

/** 20 characters from a 56-symbol alphabet without look-alikes: about 116 bits. */
export function generatePassword(length = 20): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(length * 2);
  let out = "";
  for (const byte of bytes) {
    // Rejection sampling keeps every symbol equally likely.
    if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : generatePassword(length);
}
