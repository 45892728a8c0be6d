import { describe, expect, it } from "vitest";

import { type DataVolume, diskWarning } from "./disk-space";

const MB = 1024 * 1024;

// The defaults: uploads paused below 500 MB, the embedded database at risk below 100 MB.
const EMBEDDED: Omit<DataVolume, "freeBytes"> = {
  holdsDatabase: true,
  holdsUploads: true,
  uploadsMinFreeMb: 500,
  criticalFreeMb: 100,
};
const WITH_DATABASE_URL = { ...EMBEDDED, holdsDatabase: false };

describe("the dashboard's disk warning", () => {
  it("is silent at and above the uploads' floor", () => {
    expect(diskWarning({ ...EMBEDDED, freeBytes: 500 * MB })).toBeNull();
    expect(diskWarning({ ...EMBEDDED, freeBytes: 80_000 * MB })).toBeNull();
  });

  it("says how much is free, rounded down, once uploads are paused", () => {
    expect(diskWarning({ ...EMBEDDED, freeBytes: 500 * MB - 1 })).toEqual({
      level: "low",
      freeMb: 499,
      message: "Disk nearly full: 499 MB free on the data volume. Chat uploads are paused below 500 MB.",
    });
    expect(diskWarning({ ...EMBEDDED, freeBytes: 120.9 * MB })?.message).toBe(
      "Disk nearly full: 120 MB free on the data volume. Chat uploads are paused below 500 MB.",
    );
  });

  it("says the database is at risk below the critical level, uploads paused too", () => {
    expect(diskWarning({ ...EMBEDDED, freeBytes: 99.5 * MB })).toEqual({
      level: "critical",
      freeMb: 99,
      message:
        "Disk critically full: 99 MB free on the data volume, which holds the database. " +
        "Chat uploads are paused below 500 MB. Below 100 MB new orders and messages may fail to save: free space now.",
    });
    expect(diskWarning({ ...EMBEDDED, freeBytes: 0 })?.freeMb).toBe(0);
  });

  it("with DATABASE_URL speaks of the uploads volume alone, and never of the database's disk as ours", () => {
    expect(diskWarning({ ...WITH_DATABASE_URL, freeBytes: 120 * MB })).toEqual({
      level: "low",
      freeMb: 120,
      message:
        "Disk nearly full: 120 MB free on this server's uploads volume. Chat uploads are paused below 500 MB. " +
        "The database (DATABASE_URL) keeps its data on its own disk, which is not measured here.",
    });
    expect(diskWarning({ ...WITH_DATABASE_URL, freeBytes: 10 * MB })?.level).toBe("low");
  });

  it("with chat files in Supabase warns only when the embedded database is at risk", () => {
    const supabase = { ...EMBEDDED, holdsUploads: false };
    expect(diskWarning({ ...supabase, freeBytes: 120 * MB })).toBeNull();
    expect(diskWarning({ ...supabase, freeBytes: 50 * MB })?.message).toBe(
      "Disk critically full: 50 MB free on the data volume, which holds the database. " +
        "Below 100 MB new orders and messages may fail to save: free space now.",
    );
    expect(diskWarning({ ...supabase, holdsDatabase: false, freeBytes: 0 })).toBeNull();
  });

  it("turns a level off at 0", () => {
    expect(diskWarning({ ...EMBEDDED, uploadsMinFreeMb: 0, freeBytes: 120 * MB })).toBeNull();
    expect(diskWarning({ ...EMBEDDED, criticalFreeMb: 0, freeBytes: 0 })?.level).toBe("low");
    expect(diskWarning({ ...EMBEDDED, uploadsMinFreeMb: 0, criticalFreeMb: 0, freeBytes: 0 })).toBeNull();
  });

  it("takes each level as configured, e.g. a critical level above the uploads' floor", () => {
    const volume = { ...EMBEDDED, uploadsMinFreeMb: 16, criticalFreeMb: 64 };
    expect(diskWarning({ ...volume, freeBytes: 40 * MB })?.message).toBe(
      "Disk critically full: 40 MB free on the data volume, which holds the database. " +
        "Below 64 MB new orders and messages may fail to save: free space now.",
    );
    expect(diskWarning({ ...volume, freeBytes: 10 * MB })?.message).toContain("Chat uploads are paused below 16 MB.");
  });
});
