/**
 * CPU time from Linux's /proc, for the benches that say where a load's CPU went (side-by-side.ts,
 * load.ts). Times are in clock ticks of TICK_MS.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Milliseconds a /proc clock tick (USER_HZ 100). */
export const TICK_MS = 10;

interface ProcessStat { comm: string; ppid: number; ticks: number }

/** /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ")". */
function stat(pid: number | string): ProcessStat {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }; // utime + stime
}

/** The CPU ticks (user + system) a process has spent. */
export const processTicks = (pid: number): number => stat(pid).ticks;

/** Every live process, by pid. */
export function processes(): Map<number, ProcessStat> {
  const all = new Map<number, ProcessStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      all.set(Number(entry), stat(entry));
    } catch {
      // gone since the listing
    }
  }
  return all;
}

/** The machine's busy ticks (user, nice, system, irq, softirq, steal) and all its ticks, over every core. */
export function machineTicks(): { busy: number; total: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}
