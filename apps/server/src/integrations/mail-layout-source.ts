/**
 * How the e-mail layout is compiled (scripts/mail-layout.ts writes the result into mail-layout.ts; the unit test
 * compiles it again to find a stale copy). MJML is a development dependency: the server only fills in the HTML.
 */
export async function compileMailLayout(mjmlSource: string): Promise<string> {
  const { default: mjml2html } = await import('mjml');
  const out = await mjml2html(mjmlSource, { validationLevel: 'strict', keepComments: true, minify: false, beautify: false });
  return out.html;
}
