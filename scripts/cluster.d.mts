import type { ChildProcess } from 'node:child_process';
import type { PostgresServer } from './pg-server.mjs';
import type { S3StandIn } from './s3-server.mjs';

export type ClusterOptions = {
  /** How many app nodes (default 2). */
  nodes?: number;
  /** Extra environment for every node (rate limits, mail transport...). */
  env?: Record<string, string>;
  /** nginx's port (default: a free one). */
  port?: number;
  /** Copy every process's output to the console, prefixed with its name. */
  log?: boolean;
  sessionSecret?: string;
  startTimeoutMs?: number;
};

export type ClusterNode = {
  name: string;
  url: string;
  port: number;
  pid: number | undefined;
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string | null>;
  /** The tail of the node's output. */
  output(): string;
  /** SIGTERM (drain), then SIGKILL after `graceMs` (default 20 s). */
  stop(graceMs?: number): Promise<number | string | null>;
  /** SIGKILL. */
  kill(): Promise<number | string | null>;
  /** Starts the node again after it stopped (same port, environment and DATA_DIR); resolves once it is healthy. */
  start(): Promise<void>;
};

export type Cluster = {
  /** nginx's address: the cluster's front door. */
  url: string;
  dir: string;
  sessionSecret: string;
  nodes: ClusterNode[];
  pg: PostgresServer;
  s3: S3StandIn;
  /** Every mail the nodes sent (over SMTP, to a sink on loopback), one entry per recipient. */
  mails: { to: string; subject: string; text: string }[];
  nginx: { pid: number | undefined; child: ChildProcess; configFile: string; output(): string };
  /** Stops nodes (SIGTERM), nginx, S3 and PostgreSQL, and removes every temporary file. */
  stop(): Promise<void>;
};

export function findNginx(): string | null;
export function nginxConfig(options: { dir: string; port: number; upstreams: string[]; asRoot: boolean }): string;
export function startCluster(options?: ClusterOptions): Promise<Cluster>;

export function readOwnerSetupToken(dataDir: string): string | null;
