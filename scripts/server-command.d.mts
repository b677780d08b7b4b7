export const SERVER_MAIN: string;
export function serverNodeFlags(script?: string): string[];
