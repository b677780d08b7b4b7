export type S3StandIn = { endpoint: string; bucket: string; port: number; env: Record<string, string>; stop(): Promise<void> };
export function startS3(options?: { bucket?: string; port?: number }): Promise<S3StandIn>;
