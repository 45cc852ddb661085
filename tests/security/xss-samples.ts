/*
 * XSS samples for rich text, shared by the API test (tests/security/rich-text-xss.test.ts) and the
 * browser test (tests/e2e/security.e2e.ts). Every payload that runs does two things a test can see:
 * sets window.__xss and opens a dialog (alert, confirm or print).
 */

const RUN = 'window.__xss=(window.__xss||0)+1;alert(1)';

export interface XssSample {
  name: string;
  html: string;
}

export const XSS_SAMPLES: XssSample[] = [
  // Script tags, plain and obfuscated.
  { name: 'script tag', html: `<p>Hello</p><script>${RUN}</script>` },
  { name: 'script with a src', html: `<script src="data:text/javascript,${encodeURIComponent(RUN)}"></script>` },
  { name: 'nested script tags', html: `<<script>script>${RUN}<</script>/script>` },
  { name: 'split script tag', html: `<scr<script>ipt>${RUN}</scr</script>ipt>` },
  { name: 'upper-case script', html: `<SCRIPT>${RUN}</SCRIPT>` },
  // Event handlers.
  { name: 'img onerror', html: `<img src="x" onerror="${RUN}">` },
  { name: 'img onerror, spaced and unquoted', html: `<img src=x onerror  =${RUN.replace(/;/g, ',')}>` },
  { name: 'body onload', html: `<body onload="${RUN}"><p>x</p></body>` },
  { name: 'details ontoggle', html: `<details open ontoggle="${RUN}"><summary>x</summary></details>` },
  { name: 'input autofocus onfocus', html: `<input autofocus onfocus="${RUN}">` },
  { name: 'video source onerror', html: `<video><source onerror="${RUN}"></video>` },
  { name: 'handler on an allowed tag', html: `<p onclick="${RUN}" onmouseover="${RUN}">hover me</p>` },
  { name: 'handler on a link', html: `<a href="https://example.com" onfocus="${RUN}" autofocus>link</a>` },
  // javascript: and other scheme URLs.
  { name: 'javascript: link', html: `<a href="javascript:${RUN}">click</a>` },
  { name: 'javascript: link, mixed case and entities', html: `<a href="JaVaScRiPt&colon;${RUN}">click</a>` },
  { name: 'javascript: link, character references', html: `<a href="&#106;&#97;vascript:${RUN}">click</a>` },
  { name: 'javascript: link, tab and leading space', html: `<a href=" java\tscript:${RUN}">click</a>` },
  { name: 'vbscript: link', html: `<a href="vbscript:msgbox(1)">click</a>` },
  { name: 'javascript: image', html: `<img src="javascript:${RUN}">` },
  { name: 'form action', html: `<form action="javascript:${RUN}"><button>go</button></form>` },
  { name: 'button formaction', html: `<button formaction="javascript:${RUN}">go</button>` },
  { name: 'base href', html: `<base href="javascript:${RUN}//"><a href="x">x</a>` },
  { name: 'meta refresh', html: `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">` },
  // SVG and MathML.
  { name: 'svg onload', html: `<svg onload="${RUN}"><circle r="1"/></svg>` },
  { name: 'svg script', html: `<svg><script>${RUN}</script></svg>` },
  { name: 'svg animate href', html: `<svg><a><animate attributeName="href" values="javascript:${RUN}"/><text y="20">x</text></a></svg>` },
  { name: 'math link', html: `<math><maction actiontype="statusline" xlink:href="javascript:${RUN}">x</maction></math>` },
  // Styles.
  { name: 'style expression', html: `<p style="width: expression(${RUN})">x</p>` },
  { name: 'style url javascript:', html: `<p style="background-image: url('javascript:${RUN}')">x</p>` },
  { name: 'style tag with an import', html: `<style>@import 'data:text/css,body{}';</style><p>x</p>` },
  { name: 'img style with behaviour', html: `<img src="https://example.com/a.png" style="behavior: url(x.htc); width: 10px">` },
  // Frames and objects.
  { name: 'iframe javascript:', html: `<iframe src="javascript:${RUN}"></iframe>` },
  { name: 'iframe srcdoc', html: `<iframe srcdoc="<script>parent.window.__xss=1;parent.alert(1)</script>"></iframe>` },
  { name: 'object data', html: `<object data="data:text/html,<script>${RUN}</script>"></object>` },
  { name: 'embed src', html: `<embed src="data:text/html,<script>${RUN}</script>">` },
  // data: URIs.
  { name: 'data: link', html: `<a href="data:text/html;base64,${Buffer.from(`<script>${RUN}</script>`).toString('base64')}">data</a>` },
  {
    name: 'data: svg image',
    html: `<img src="data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="${RUN}"/>`).toString('base64')}">`,
  },
  // Mutation XSS: markup that changes meaning when parsed again.
  { name: 'mXSS noscript title', html: `<noscript><p title="</noscript><img src=x onerror=${RUN.replace(/;/g, ',')}>"></noscript>` },
  { name: 'mXSS svg style', html: `<svg></p><style><a id="</style><img src=1 onerror=${RUN.replace(/;/g, ',')}>">` },
  {
    name: 'mXSS math mglyph',
    html: `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">`,
  },
  { name: 'mXSS form nesting', html: `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${RUN.replace(/;/g, ',')}>` },
  { name: 'mXSS template', html: `<template><img src=x onerror=${RUN.replace(/;/g, ',')}></template><p>x</p>` },
  { name: 'mXSS comment', html: `<!--<img src="--><img src=x onerror=${RUN.replace(/;/g, ',')}//">` },
  { name: 'mXSS textarea', html: `<textarea></textarea><img src=x onerror=${RUN.replace(/;/g, ',')}></textarea>` },
  // Tab-nabbing: a new tab must not get the opener.
  { name: 'target blank without rel', html: `<a href="https://example.com" target="_blank">new tab</a>` },
];

/**
 * Elements that only format text (CKEditor's output); anything else in stored rich text is a finding. Written out
 * here on purpose, apart from the sanitiser's allow-list in the catalogue (article-html.policy.ts): the tests hold
 * the product to this list, so a tag let in there by mistake still fails them.
 */
export const INERT_ELEMENTS = new Set([
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'hr',
  'a',
  'ul',
  'ol',
  'li',
  'figure',
  'figcaption',
  'img',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'span',
  'div',
]);

/** Attributes whose value is a URL a browser may follow or load. */
export const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'xlink:href',
  'cite',
  'background',
  'poster',
  'data',
]);
