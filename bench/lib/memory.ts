import { readFileSync, writeFileSync } from "node:fs";

export interface ProcessMemory {
  /** Resident memory now (VmRSS), in MB. */
  rssMb: number;
  /** The highest resident memory since start, or since the last resetPeak (VmHWM), in MB. */
  peakMb: number;
}

const MB = 1024 * 1024;

function statusField(status: string, field: string): number {
  const kb = /^(\w+):\s+(\d+) kB$/gm;
  for (const match of status.matchAll(kb)) if (match[1] === field) return Math.round((Number(match[2]) * 1024) / MB);
  throw new Error(`${field} missing from /proc status`);
}

export function readMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return { rssMb: statusField(status, "VmRSS"), peakMb: statusField(status, "VmHWM") };
}

/**
 * Starts VmHWM again from the current RSS (Linux: "5" in clear_refs), so that the peak read after
 * the load is the load's, not start-up's (initdb peaks higher). False where the kernel refuses.
 */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** CPU time `pid` has used so far, user and system, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
