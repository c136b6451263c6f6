/**
 * Where the suite's CPU goes, per test: with E2E_CPU_LOG set to a file, each test appends one JSON line with the CPU
 * seconds its worker's process tree spent during it (the worker, its browser and every process they started: MCP
 * servers, the engines' drivers). Workers' trees are disjoint, so tests running side by side are told apart; the
 * preview server and Apache, shared by all workers, are not counted. Linux only (/proc); off unless asked for.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, with reaped children) of `root` and all its descendants. */
export function treeCpuSeconds(root: number = process.pid): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      ticks.set(pid, Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // The process ended while the table was read.
    }
  }
  let sum = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    sum += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return sum / TICKS_PER_SECOND;
}

export function cpuLogPath(): string | undefined {
  return process.env.E2E_CPU_LOG || undefined;
}

export function logTestCpu(path: string, line: { file: string; title: string; cpu: number; wall: number }): void {
  appendFileSync(path, `${JSON.stringify(line)}\n`);
}
