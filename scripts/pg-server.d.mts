export type PostgresServer = {
  url: string;
  port: number;
  readonly pid: number;
  halt(): void;
  crash(): void;
  resume(): void;
  restart(): void;
  stop(): Promise<void>;
};
export function findPgBin(): string | null;
export function freePort(): Promise<number>;
export function startPostgres(): Promise<PostgresServer>;
