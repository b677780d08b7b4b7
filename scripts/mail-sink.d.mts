export type SunkMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  inline: { cid: string; contentType: string; size: number }[];
  replyTo?: string;
};

export function parseMail(raw: Buffer | string): Promise<Omit<SunkMail, 'to'>>;

/** Starts the sink on a free port; each message is kept in `messages` and, with `file`, appended to it as JSON. */
export function startMailSink(options?: { file?: string }): Promise<{ port: number; messages: SunkMail[]; close: () => Promise<void> }>;
