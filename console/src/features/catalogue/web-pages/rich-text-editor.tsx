import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { CKEditor } from '@ckeditor/ckeditor5-react';
import {
  Autoformat,
  AutoLink,
  BlockQuote,
  Bold,
  ClassicEditor,
  Essentials,
  Heading,
  HorizontalLine,
  Image,
  ImageCaption,
  ImageResize,
  ImageStyle,
  ImageTextAlternative,
  ImageToolbar,
  ImageUpload,
  Italic,
  Link,
  List,
  Paragraph,
  PasteFromOffice,
  Strikethrough,
  Table,
  TableToolbar,
  Underline,
  WordCount,
  type EditorConfig,
} from 'ckeditor5';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import 'ckeditor5/ckeditor5.css';
import './rich-text-editor.css';
import { CatalogueUploadAdapterPlugin } from './catalogue-upload-adapter';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  count: { alignSelf: 'flex-end', color: tokens.colorNeutralForeground3 },
});

export interface RichTextEditorProps {
  /** The accessible name of the editing area. */
  label: string;
  /** The HTML the editor starts with (later changes of this prop are not pushed into the editor). */
  initialValue: string;
  onChange(html: string): void;
  /** An upload or editor warning, to show as a toast. */
  onWarning(message: string, title?: string): void;
  invalid?: boolean;
  /** Ids of the field's hint and error, for aria-describedby. */
  describedBy?: string;
}

/**
 * CKEditor 5 (classic) with lists, links, images uploaded to the catalogue file store, tables,
 * accessibility help (Alt+0) and a word count. Loaded lazily: only the article form imports it.
 */
export default function RichTextEditor({ label, initialValue, onChange, onWarning, invalid, describedBy }: RichTextEditorProps) {
  const styles = useStyles();
  const [stats, setStats] = useState({ words: 0, characters: 0 });
  const [initial] = useState(initialValue);
  const callbacks = useRef({ onChange, onWarning });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onWarning };
  });

  const config = useMemo<EditorConfig>(
    () => ({
      licenseKey: 'GPL',
      label,
      plugins: [
        Essentials,
        Paragraph,
        Heading,
        Bold,
        Italic,
        Underline,
        Strikethrough,
        Autoformat,
        Link,
        AutoLink,
        List,
        BlockQuote,
        Image,
        ImageToolbar,
        ImageCaption,
        ImageStyle,
        ImageResize,
        ImageTextAlternative,
        ImageUpload,
        Table,
        TableToolbar,
        HorizontalLine,
        PasteFromOffice,
        WordCount,
      ],
      extraPlugins: [CatalogueUploadAdapterPlugin],
      toolbar: {
        items: [
          'undo',
          'redo',
          '|',
          'heading',
          '|',
          'bold',
          'italic',
          'underline',
          'strikethrough',
          '|',
          'link',
          'bulletedList',
          'numberedList',
          'blockQuote',
          '|',
          'uploadImage',
          'insertTable',
          'horizontalLine',
          '|',
          'accessibilityHelp',
        ],
        shouldNotGroupWhenFull: false,
      },
      heading: {
        options: [
          { model: 'paragraph', title: 'Paragraph', class: 'ck-heading_paragraph' },
          { model: 'heading2', view: 'h2', title: 'Heading 2', class: 'ck-heading_heading2' },
          { model: 'heading3', view: 'h3', title: 'Heading 3', class: 'ck-heading_heading3' },
          { model: 'heading4', view: 'h4', title: 'Heading 4', class: 'ck-heading_heading4' },
        ],
      },
      image: {
        upload: { types: ['gif', 'jpeg', 'png'] },
        toolbar: [
          'toggleImageCaption',
          'imageTextAlternative',
          '|',
          'imageStyle:inline',
          'imageStyle:block',
          'imageStyle:side',
          '|',
          'resizeImage',
        ],
      },
      table: { contentToolbar: ['tableColumn', 'tableRow', 'mergeTableCells'] },
      link: { defaultProtocol: 'https://', addTargetToExternalLinks: true },
      wordCount: {
        onUpdate: (data: { words: number; characters: number }) => setStats({ words: data.words, characters: data.characters }),
      },
    }),
    [label],
  );

  return (
    <div className={mergeClasses(styles.root, 'article-rich-text', invalid && 'article-rich-text--invalid')} data-testid="rich-text-editor">
      <CKEditor
        editor={ClassicEditor}
        config={config}
        data={initial}
        onReady={(editor) => {
          // Upload failures and other editor warnings become toasts instead of window.alert().
          editor.plugins.get('Notification').on(
            'show:warning',
            (event, data: { message: string; title?: string }) => {
              callbacks.current.onWarning(data.message, data.title);
              event.stop();
            },
            { priority: 'high' },
          );
          if (describedBy) {
            editor.editing.view.change((writer) => {
              const root = editor.editing.view.document.getRoot();
              if (root) writer.setAttribute('aria-describedby', describedBy, root);
            });
          }
        }}
        onChange={(_event, editor) => callbacks.current.onChange(editor.getData())}
        onError={(error) => callbacks.current.onWarning(error.message, 'Editor error')}
      />
      <Text size={200} className={styles.count} aria-live="polite" data-testid="word-count">
        {stats.words} {stats.words === 1 ? 'word' : 'words'}, {stats.characters} {stats.characters === 1 ? 'character' : 'characters'}
      </Text>
    </div>
  );
}
