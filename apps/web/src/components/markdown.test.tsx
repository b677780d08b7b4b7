import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown } from './markdown';

describe('markdown', () => {
  it('renders headings, emphasis, lists and links', () => {
    const html = renderMarkdown('## Goals\n\n- clear **call to action**\n\n[spec](https://example.test/spec)');
    expect(html).toContain('<h2>Goals</h2>');
    expect(html).toContain('<strong>call to action</strong>');
    expect(html).toContain('<a href="https://example.test/spec" target="_blank" rel="noopener noreferrer nofollow">spec</a>');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const { container } = render(
      <Markdown
        source={
          '<script>window.hacked = 1</script>\n\n<img src=x onerror="window.hacked = 2">\n\n[click](javascript:alert(1))\n\n<iframe src="https://evil.test"></iframe>'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
