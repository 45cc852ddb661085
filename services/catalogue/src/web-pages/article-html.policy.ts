import sanitizeHtml from 'sanitize-html';

/*
 * The rich text of an article is CKEditor 5 output. Before it is stored it goes through this
 * allow-list of the tags, attributes, classes and styles that editor produces (headings, bold,
 * italic, underline, strikethrough, links, lists, block quotes, images with captions and sizes,
 * tables, code blocks, horizontal lines). Everything else is removed: scripts and their text,
 * event handlers, styles other than image sizes, javascript:/data:/vbscript: URLs and
 * protocol-relative links.
 */

const SIZE = [/^\d{1,5}(\.\d{1,4})?(px|%)$/];
const ASPECT_RATIO = [/^\d{1,5}(\.\d{1,4})?\s*\/\s*\d{1,5}(\.\d{1,4})?$/];

const IMAGE_CLASSES = [
  'image',
  'image-inline',
  'image_resized',
  'image-style-side',
  'image-style-align-left',
  'image-style-align-right',
  'image-style-align-center',
  'image-style-block-align-left',
  'image-style-block-align-right',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'class', 'style'],
    figure: ['class', 'style'],
    ol: ['start', 'reversed'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span', 'style'],
    code: ['class'],
  },
  allowedClasses: {
    figure: [...IMAGE_CLASSES, 'table'],
    img: IMAGE_CLASSES,
    code: [/^language-[a-z0-9+#-]{1,40}$/],
  },
  allowedStyles: {
    figure: { width: SIZE },
    img: { width: SIZE, height: SIZE, 'aspect-ratio': ASPECT_RATIO },
    col: { width: SIZE },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text inside these goes with them; other removed tags keep their text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'title',
    'xmp',
  ],
  nestingLimit: 64,
  transformTags: {
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs };
      if (next.target && next.target !== '_blank') delete next.target;
      // A link opening a new tab must not hand the opener to the other site.
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      else if (next.rel) next.rel = next.rel.replace(/[^a-z ]/gi, '').trim();
      return { tagName, attribs: next };
    },
  },
};

/** The stored form of an article's rich text: CKEditor's markup, and nothing that can run. */
export function sanitizeArticleHtml(html: string): string {
  const clean = sanitizeHtml(html ?? '', OPTIONS).trim();
  // An editor that was cleared leaves an empty paragraph: store nothing.
  return /^(<p>(&nbsp;|\s|<br \/>)*<\/p>)*$/.test(clean) ? '' : clean;
}
