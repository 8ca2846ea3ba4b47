/** The machine a bench ran on, for the results file and the docs. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  loadAverage: number[];
  os: string;
  node: string;
  chromium: string;
}

function chromiumVersion(path: string): string {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

function osName(): string {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1];
    if (pretty) return `${pretty}, ${os.type()} ${os.release()}`;
  } catch {
    // not Linux, or no os-release: the kernel line alone
  }
  return `${os.type()} ${os.release()}`;
}

export function describeMachine(chromiumPath: string): Machine {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    os: osName(),
    node: process.version,
    chromium: chromiumVersion(chromiumPath),
  };
}

export function machineLine(machine: Machine): string {
  return `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}; ${machine.chromium}`;
}
