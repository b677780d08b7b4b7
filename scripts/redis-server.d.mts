export type RedisServer = {
  url: string;
  port: number;
  readonly pid: number;
  halt(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
};
export function findRedisServer(): string | null;
export function startRedis(): Promise<RedisServer>;
