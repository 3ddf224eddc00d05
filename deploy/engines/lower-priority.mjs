#!/usr/bin/env node
// Moves a running server to the background CPU priority (HANDCHECK_BACKGROUND_NICE):
//   node lower-priority.mjs <pid>   lower that process
//   node lower-priority.mjs         only check the setting (exit 2 with why)
// It only ever lowers: a thread already at that niceness or above keeps its own,
// so under `nice make start` no engine gets a higher priority than the shell that started it.
//
// infra.sh runs this once an engine is healthy, not at launch, so start-up
// never waits for the CPU behind whatever else the machine is doing.
// Niceness belongs to each thread, and a new thread takes its creator's, so
// once every thread has moved the process stays moved; passes repeat until one
// finds nothing left, which catches threads started during the previous one.
// The process's scheduling autogroup moves too where the kernel has them,
// because between autogroups only the group's own niceness counts.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { backgroundNice } from '../../scripts/services.config.mjs';

let niceness;
try {
  niceness = backgroundNice();
} catch (error) {
  console.error(`infra: ${error.message}`);
  process.exit(2);
}
const [pidText] = process.argv.slice(2);
if (pidText === undefined) process.exit(0);
const pid = Number(pidText);
if (!Number.isInteger(pid) || pid <= 0) {
  console.error('usage: node lower-priority.mjs [pid]');
  process.exit(2);
}

function moveThreads() {
  let moved = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
    try {
      if (getPriority(tid) < niceness) {
        setPriority(tid, niceness);
        moved += 1;
      }
    } catch {
      // the thread ended between the listing and the call
    }
  }
  return moved;
}

try {
  let pass = 0;
  while (moveThreads() > 0) {
    pass += 1;
    if (pass === 20) throw new Error('threads keep appearing at another priority');
  }
  const autogroup = `/proc/${pid}/autogroup`;
  // The file reads like "/autogroup-42 nice 0".
  if (existsSync(autogroup) && Number(/ nice (-?\d+)/.exec(readFileSync(autogroup, 'utf8'))?.[1]) < niceness) {
    writeFileSync(autogroup, String(niceness));
  }
} catch (error) {
  console.error(`lower-priority: pid ${pid}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
