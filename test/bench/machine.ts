import os from 'node:os';

export interface MachineInfo {
  cpu: string;
  cores: number;
  ramGiB: number;
  os: string;
  node: string;
  chromium: string;
}

export function describeMachine(chromiumVersion: string): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion,
  };
}

export function machineLine(machine: MachineInfo): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.ramGiB} GiB RAM, ${machine.os}, Node ${machine.node}, Chromium ${machine.chromium}`;
}

/** For a table column: what makes two runs comparable (CPU, cores, Node, Chromium). */
export function machineShort(machine: MachineInfo): string {
  return `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, Chromium ${machine.chromium}`;
}
