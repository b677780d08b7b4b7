/**
 * The new part of a reply: the text above the quoted history that mail clients append, without a signature.
 * Recognised quote lines: Gmail's "On <date>, <name> wrote:" (wrapped over two lines too), Apple Mail's
 * "On <date>, at <time>, <name> wrote:", Outlook's "-----Original Message-----" and its "From: … / Sent: …" header
 * block, and any run of ">"-quoted lines at the end. A signature starts at the "-- " line.
 */
const QUOTE_HEADERS: RegExp[] = [
  // Gmail, Apple Mail, Thunderbird: "On … wrote:" (the date and name may wrap onto the next line).
  /^[ \t>]*On\b[^\n]{1,200}(\n[^\n]{1,200})?\bwrote:[ \t]*$/m,
  // Outlook: the divider, or the header block of the quoted mail.
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/im,
  /^\s*_{10,}\s*$/m,
  /^\s*\**From:\**\s.+\r?\n\s*\**(Sent|Date):\**\s.+$/im,
];

export function stripQuotedReply(text: string): string {
  const normalised = text.replace(/\r\n?/g, '\n');
  let cut = normalised.length;
  for (const pattern of QUOTE_HEADERS) {
    const match = pattern.exec(normalised);
    if (match && match.index < cut) cut = match.index;
  }
  let body = normalised.slice(0, cut);
  // A signature: everything from the "-- " line (RFC 3676), or a lone "--" some clients write.
  const signature = /^-- ?$/m.exec(body);
  if (signature) body = body.slice(0, signature.index);
  // Trailing ">" quoted lines (a client that quotes without a header line).
  const lines = body.split('\n');
  while (lines.length && (lines.at(-1)!.trim() === '' || lines.at(-1)!.startsWith('>'))) lines.pop();
  return lines.join('\n').trim();
}
