import { useId, useRef, useState } from 'react';
import { Button, Field, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, ImageAddRegular } from '@fluentui/react-icons';
import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_TYPES } from '@backoffice/contracts';
import { errorMessage, fieldErrors } from '../../../components/api';
import { IMAGE_TILE_STYLES } from './image-tile-styles';
import { uploadCatalogueImage } from './upload-catalogue-image';

const useStyles = makeStyles({
  grid: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  thumb: { ...IMAGE_TILE_STYLES.tile, width: '96px', height: '72px' },
  image: IMAGE_TILE_STYLES.image,
  remove: { ...IMAGE_TILE_STYLES.remove, top: tokens.spacingVerticalXXS, right: tokens.spacingHorizontalXXS },
  hiddenInput: { display: 'none' },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface ImageUploadFieldProps {
  label: string;
  images: readonly string[];
  onChange(images: string[]): void;
  max: number;
  validationMessage?: string;
  /** Reported while uploads run, so the form can wait before saving. */
  onBusyChange?(busy: boolean): void;
}

const ACCEPT = CATALOGUE_IMAGE_TYPES.join(',');
const LIMIT_MB = CATALOGUE_IMAGE_MAX_BYTES / (1024 * 1024);

/** Images of a catalogue record: GIF, JPEG or PNG, uploaded as soon as they are chosen, shown as thumbnails. */
export function ImageUploadField({ label, images, onChange, max, validationMessage, onBusyChange }: ImageUploadFieldProps) {
  const styles = useStyles();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string>();

  const choose = async (files: FileList | null) => {
    if (!files?.length) return;
    const chosen = [...files];
    if (inputRef.current) inputRef.current.value = '';
    setProblem(undefined);
    const room = max - images.length;
    const refused: string[] = [];
    const wanted = chosen.filter((file) => {
      if (!(CATALOGUE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
        refused.push(`${file.name} is not a GIF, JPEG or PNG image.`);
        return false;
      }
      if (file.size > CATALOGUE_IMAGE_MAX_BYTES) {
        refused.push(`${file.name} is larger than ${LIMIT_MB} MB.`);
        return false;
      }
      return true;
    });
    if (wanted.length > room) refused.push(`At most ${max} images: ${wanted.length - room} not added.`);
    const batch = wanted.slice(0, Math.max(room, 0));
    const added: string[] = [];
    setUploading(batch.length);
    onBusyChange?.(batch.length > 0);
    for (const file of batch) {
      try {
        added.push((await uploadCatalogueImage(file)).url);
      } catch (error) {
        refused.push(`${file.name}: ${fieldErrors(error).file ?? errorMessage(error)}`);
      }
      setUploading((count) => count - 1);
    }
    onBusyChange?.(false);
    if (added.length) onChange([...images, ...added]);
    if (refused.length) setProblem(refused.join(' '));
  };

  return (
    <Field
      label={{ children: label, htmlFor: inputId }}
      validationMessage={problem ?? validationMessage}
      hint={`GIF, JPEG or PNG, up to ${LIMIT_MB} MB each; at most ${max}.`}
    >
      <div className={styles.grid} role="list" aria-label={label}>
        {images.map((url, index) => (
          <div key={url} className={styles.thumb} role="listitem">
            <img className={styles.image} src={url} alt={`${label} ${index + 1}`} loading="lazy" />
            <Button
              className={styles.remove}
              size="small"
              shape="circular"
              icon={<DeleteRegular />}
              aria-label={`Remove image ${index + 1}`}
              title="Remove"
              onClick={() => onChange(images.filter((other) => other !== url))}
            />
          </div>
        ))}
        {/* The list holds only list items (axe aria-required-children): the upload tile and its note are items too. */}
        {uploading > 0 && (
          <div role="listitem">
            <Spinner size="tiny" label={`Uploading ${uploading}…`} />
          </div>
        )}
        {images.length < max && (
          <div role="listitem">
            <Button icon={<ImageAddRegular />} onClick={() => inputRef.current?.click()} disabled={uploading > 0}>
              {images.length ? 'Add images' : 'Upload images'}
            </Button>
          </div>
        )}
        {images.length === 0 && uploading === 0 && (
          <div role="listitem">
            <Text size={200} className={styles.hint}>
              No images yet.
            </Text>
          </div>
        )}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.hiddenInput}
        type="file"
        accept={ACCEPT}
        multiple
        onChange={(event) => void choose(event.target.files)}
        data-testid="image-input"
      />
    </Field>
  );
}
