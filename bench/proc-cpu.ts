/**
 * CPU time and memory from Linux's /proc, for the benches that say where a load's CPU went
 * (side-by-side.ts, load.ts) and whether the app's memory stays flat (soak.ts). Times are in clock
 * ticks of TICK_MS.
 */
import { execFileSync } from 'node:child_process';
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

/**
 * The app's main process: of the node processes running backend/dist/main.js (the main one and its
 * workers: WEB_CONCURRENCY's HTTP servers, the job process), the one whose parent is none of them.
 */
export function appMainPid(): number {
  const procs = processes();
  const found = execFileSync('pgrep', ['-f', 'backend/dist/main.js'], { encoding: 'utf8' }).trim().split('\n').map(Number)
    .filter((pid) => procs.get(pid)?.comm === 'node'); // not a wrapper (timeout, sh)
  const mains = found.filter((pid) => !found.includes(procs.get(pid)!.ppid));
  if (mains.length !== 1) throw new Error(`Found ${mains.length} app processes; pass --pid`);
  return mains[0];
}

/** The resident memory of a process, in MB (0 once it is gone). */
function rssMbOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The app's resident memory in MB: its main process and its node workers together (not its PostgreSQL). */
export function appRssMb(mainPid: number): number {
  const procs = processes();
  const ofApp = inTree(procs, mainPid);
  let total = 0;
  for (const [pid, p] of procs) if (p.comm === 'node' && ofApp(pid)) total += rssMbOf(pid);
  return Math.round(total);
}

/** Whether a process is `root` or descends from it, in a snapshot of `processes()`. */
export function inTree(procs: Map<number, ProcessStat>, root: number): (pid: number) => boolean {
  const of = (pid: number): boolean => pid === root || (pid > 1 && procs.has(pid) && of(procs.get(pid)!.ppid));
  return of;
}
