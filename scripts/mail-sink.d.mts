export type SunkMail = { to: string; subject: string; text: string };

export function textOf(raw: string): { subject: string; text: string };

/** Starts the sink on a free port; each message is kept in `messages` and, with `file`, appended to it as JSON. */
export function startMailSink(options?: { file?: string }): Promise<{ port: number; messages: SunkMail[]; close: () => Promise<void> }>;
