import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Button, Field, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, ImageAddRegular } from '@fluentui/react-icons';
import { WEB_ARTICLE_IMAGE_TYPES, WEB_ARTICLE_MAX_IMAGES } from '@backoffice/contracts';
import { IMAGE_TILE_STYLES } from '../inputs/image-tile-styles';
import { uploadCatalogueImage } from '../inputs/upload-catalogue-image';
import { IMAGE_TYPES_MESSAGE, uploadErrorMessage } from './catalogue-upload-adapter';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  tile: { ...IMAGE_TILE_STYLES.tile, height: '104px' },
  image: IMAGE_TILE_STYLES.image,
  remove: { ...IMAGE_TILE_STYLES.remove, top: tokens.spacingVerticalXS, right: tokens.spacingHorizontalXS },
  add: {
    height: '104px',
    width: '100%',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
  },
  busy: { display: 'flex', alignItems: 'center', justifyContent: 'center', height: '104px' },
  input: { display: 'none' },
});

export interface ArticleImagesFieldProps {
  /** "Pictures" on Team, "Images" elsewhere (the form's section title names the field). */
  label: string;
  value: readonly string[];
  onChange(images: string[]): void;
  /** An error for the list or one of its images (from the form's validation or the server). */
  error?: string;
}

/** The article's images: thumbnails with a remove button, and an upload button for GIF, JPEG and PNG files. */
export function ArticleImagesField({ label, value, onChange, error }: ArticleImagesFieldProps) {
  const styles = useStyles();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string>();
  // The list as last rendered, for uploads that finish one after another.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });

  const upload = async (files: File[]) => {
    setUploadError(undefined);
    const room = WEB_ARTICLE_MAX_IMAGES - latest.current.length;
    const accepted = files.filter((file) => (WEB_ARTICLE_IMAGE_TYPES as readonly string[]).includes(file.type));
    const problems: string[] = [];
    if (accepted.length < files.length) problems.push(IMAGE_TYPES_MESSAGE);
    if (accepted.length > room) problems.push(`At most ${WEB_ARTICLE_MAX_IMAGES} images.`);
    const chosen = accepted.slice(0, Math.max(room, 0));
    setUploading((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const stored = await uploadCatalogueImage(file);
        onChange([...latest.current, stored.url]);
        latest.current = [...latest.current, stored.url];
      } catch (failure) {
        problems.push(`${file.name}: ${uploadErrorMessage(failure)}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (problems.length) setUploadError(problems.join(' '));
  };

  const shownError = uploadError ?? error;
  return (
    <Field
      hint={`GIF, JPEG or PNG; up to ${WEB_ARTICLE_MAX_IMAGES}.`}
      validationMessage={shownError}
      validationState={shownError ? 'error' : 'none'}
    >
      <ul className={styles.grid} aria-label={label}>
        {value.map((url, index) => (
          <li key={url} className={styles.tile}>
            <img src={url} alt={`${label} ${index + 1}`} className={styles.image} loading="lazy" />
            <Button
              className={styles.remove}
              size="small"
              shape="circular"
              icon={<DismissRegular />}
              aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
              title="Remove"
              onClick={() => onChange(value.filter((item) => item !== url))}
            />
          </li>
        ))}
        {uploading > 0 && (
          <li className={styles.busy}>
            <Spinner size="small" label="Uploading…" />
          </li>
        )}
        {value.length < WEB_ARTICLE_MAX_IMAGES && (
          <li>
            <Button className={styles.add} appearance="subtle" icon={<ImageAddRegular />} onClick={() => inputRef.current?.click()}>
              Add {label.toLowerCase()}
            </Button>
          </li>
        )}
      </ul>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        type="file"
        accept={WEB_ARTICLE_IMAGE_TYPES.join(',')}
        multiple
        aria-label={`Upload ${label.toLowerCase()}`}
        data-testid="article-images-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) void upload(files);
        }}
      />
    </Field>
  );
}
