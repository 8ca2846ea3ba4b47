/** A process's memory from /proc/<pid>/status (Linux). */
import { readFileSync } from 'node:fs';

/** A "VmHWM:   123456 kB" line of a status file, in bytes; undefined when absent. */
export function statusField(status: string, field: 'VmHWM' | 'VmRSS'): number | undefined {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

function readStatus(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    return statusField(readFileSync(`/proc/${pid}/status`, 'utf8'), field);
  } catch {
    return undefined;
  }
}

/** The peak resident set size of a running process so far (VmHWM), in bytes; undefined off Linux or once it is gone. */
export function peakRss(pid: number): number | undefined {
  return readStatus(pid, 'VmHWM');
}

/** The resident set size of a running process now (VmRSS), in bytes. */
export function currentRss(pid: number): number | undefined {
  return readStatus(pid, 'VmRSS');
}
