import { sanitizeArticleHtml } from './article-html.policy';

/** Hostile markup: none of it may keep a script, an event handler or a script URL. */
const HOSTILE_SAMPLES: readonly string[] = [
  '<script>alert(1)</script><p>after</p>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<a href="//evil.example/">protocol relative</a>',
  '<p onclick="alert(1)" onmouseover=alert(1)>text</p>',
  '<svg onload=alert(1)><circle/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<figure class="image" style="width:expression(alert(1))"><img src="/x.png"></figure>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<div><a href="javascript&colon;alert(1)">colon entity</a></div>',
  '<img """><script>alert(1)</script>">',
  '<a href="https://ok.example/" onmouseover="alert(1)">ok link</a>',
  '<video><source onerror="alert(1)"></video>',
  '<template><img src=x onerror=alert(1)></template>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<table background="javascript:alert(1)"><tr><td>cell</td></tr></table>',
  '<code class="language-js" onclick="alert(1)">x</code>',
];

describe('sanitizeArticleHtml', () => {
  it.each(HOSTILE_SAMPLES)('removes every script, event handler and script URL from %s', (sample) => {
    const clean = sanitizeArticleHtml(sample);
    expect(clean).not.toMatch(/<script/i);
    expect(clean).not.toMatch(/<(iframe|object|embed|svg|math|style|link|meta|base|form|input|template|body)\b/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/(javascript|vbscript|data):/i);
    expect(clean).not.toMatch(/href="\/\//i);
    // Running it again changes nothing: what is stored is already clean.
    expect(sanitizeArticleHtml(clean)).toBe(clean);
  });

  it('keeps what CKEditor produces: headings, bold, italic, lists, links, images, tables and code blocks', () => {
    const html = [
      '<h2>Heading</h2>',
      '<p><strong>bold</strong> <i>italic</i> <u>under</u> <s>strike</s> <a href="https://example.com/page">link</a></p>',
      '<ul><li>one</li><li>two</li></ul>',
      '<ol start="3"><li>three</li></ol>',
      '<blockquote><p>quote</p></blockquote>',
      '<figure class="image image_resized" style="width:50%;"><img src="/api/catalogue/files/0b9f3a52-2f43-4a0e-9d59-0f4a4d1c3c11" alt="team" width="800" height="600" style="aspect-ratio:800/600;"><figcaption>Caption</figcaption></figure>',
      '<figure class="table"><table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">cell</td></tr></tbody></table></figure>',
      '<pre><code class="language-plaintext">const a = 1 &lt; 2;</code></pre>',
      '<hr>',
    ].join('');
    const clean = sanitizeArticleHtml(html);
    for (const piece of [
      '<h2>Heading</h2>',
      '<strong>bold</strong>',
      '<i>italic</i>',
      '<u>under</u>',
      '<s>strike</s>',
      '<a href="https://example.com/page">link</a>',
      '<ul><li>one</li><li>two</li></ul>',
      '<ol start="3">',
      '<blockquote><p>quote</p></blockquote>',
      '<figure class="image image_resized" style="width:50%">',
      'src="/api/catalogue/files/0b9f3a52-2f43-4a0e-9d59-0f4a4d1c3c11"',
      'style="aspect-ratio:800/600"',
      '<figcaption>Caption</figcaption>',
      '<figure class="table"><table><thead><tr><th>h</th></tr></thead>',
      '<td colspan="2">cell</td>',
      '<pre><code class="language-plaintext">const a = 1 &lt; 2;</code></pre>',
      '<hr />',
    ]) {
      expect(clean).toContain(piece);
    }
  });

  it('drops script text but keeps the text of other removed tags', () => {
    expect(sanitizeArticleHtml('<script>alert(1)</script><p>after</p>')).toBe('<p>after</p>');
    expect(sanitizeArticleHtml('<div><span>kept text</span></div>')).toBe('kept text');
  });

  it('keeps only known classes and image sizes as styles', () => {
    const clean = sanitizeArticleHtml('<figure class="image evil" style="width:40%;position:fixed;top:0"><img src="/a.png"></figure>');
    expect(clean).toBe('<figure class="image" style="width:40%"><img src="/a.png" /></figure>');
  });

  it('makes a link that opens a new tab safe, and drops other targets', () => {
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_top">x</a>')).toBe('<a href="https://x.example">x</a>');
    expect(sanitizeArticleHtml('<a href="mailto:hello@example.com">mail</a>')).toBe('<a href="mailto:hello@example.com">mail</a>');
  });

  it('stores an emptied editor as an empty string', () => {
    expect(sanitizeArticleHtml('<p>&nbsp;</p>')).toBe('');
    expect(sanitizeArticleHtml('<p></p><p><br></p>')).toBe('');
    expect(sanitizeArticleHtml('')).toBe('');
  });
});
